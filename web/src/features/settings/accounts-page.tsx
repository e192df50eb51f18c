import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { Badge } from "../../ui/badge";
import { ErrorState } from "../../ui/empty-state";
import { InlineEmpty } from "../../ui/inline-empty";
import { ProviderIcon } from "./provider-icon";
import { providerLabel } from "./provider-label";
import { SettingsSection } from "./settings-section";
import { RowsSkeleton } from "./settings-skeleton";

export default function AccountsPage() {
  const accounts = useQuery(trpc.user.getConnectedAccounts.queryOptions());

  return (
    <SettingsSection
      title="Connected accounts"
      description="The ways you can sign in to this account, as your sign-in provider reports them."
      flush
    >
      {accounts.data === undefined ? (
        accounts.isError ? (
          <div className="p-4">
            <ErrorState message={accounts.error.message} onRetry={() => void accounts.refetch()} />
          </div>
        ) : (
          <RowsSkeleton rows={2} />
        )
      ) : accounts.data.length === 0 ? (
        <InlineEmpty icon={KeyRound} title="No sign-in methods found">
          Sign out and sign in again with email or Google; the method you use will be listed here.
        </InlineEmpty>
      ) : (
        <ul className="divide-y divide-border">
          {accounts.data.map((account) => (
            <li key={account.provider} className="flex items-center gap-3 px-4 py-3" data-testid="connected-account">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md border border-border bg-surface">
                <ProviderIcon provider={account.provider} />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-[13px] font-medium text-foreground">{providerLabel(account.provider)}</p>
                <p className="truncate text-xs text-muted">{account.email ?? "No email on this account"}</p>
              </div>
              <div className="text-right">
                <Badge tone="success">Active</Badge>
                <p className="mt-1 text-xs whitespace-nowrap text-muted">Linked {formatDate(account.linkedAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
