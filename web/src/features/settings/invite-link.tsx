import { Check, Copy, Link2 } from "lucide-react";
import { formatDateTime } from "../../lib/format";
import { useCopy } from "../../lib/use-copy";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import type { CreatedInvite } from "./invite-section";

/** The link to hand over: read-only, selected on focus, one click to copy. */
export function InviteLink({ invite }: { invite: CreatedInvite }) {
  const url = `${window.location.origin}${invite.path}`;
  const { copied, copy } = useCopy(
    url,
    "Invite link copied.",
    "Could not copy the link. Select it and copy it by hand.",
  );

  return (
    <div className="mt-4 rounded-lg border border-primary/30 bg-primary-soft/60 p-3">
      <p className="mb-2 flex items-center gap-1.5 text-[13px] font-medium text-foreground">
        <Link2 className="size-4 text-primary" aria-hidden />
        Invite link for {invite.email} <span className="font-normal text-muted">· {invite.role}</span>
      </p>
      <div className="flex gap-2">
        <Input
          readOnly
          value={url}
          data-testid="invite-link"
          aria-label="Invite link"
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? <Check className="size-4 text-success" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          Copy link
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted">
        Works once, for {invite.email} only. Expires {formatDateTime(invite.expiresAt)}.
      </p>
    </div>
  );
}
