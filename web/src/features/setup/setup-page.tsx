import { useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { track } from "../../lib/analytics";
import { localTimeZone } from "../../lib/format";
import { useAuth } from "../../lib/auth";
import { useResentMutation } from "../../lib/resend";
import { organizationCreateErrorText, toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Field, Input, Select } from "../../ui/input";
import { AuthLayout, FormAlert } from "../auth/auth-card";
import { fieldErrorsOf } from "../../lib/field-errors";
import { textLinkClass } from "../../ui/text-link";
import { COMMON_CURRENCIES, currencyLabel, defaultCurrency, timeZoneChoices } from "./workspace-defaults";

type FieldName = "name" | "currency" | "timezone" | "displayName";

function Steps() {
  return (
    <ol className="mb-4 flex items-center gap-2 text-xs font-medium" aria-label="Setup progress">
      <li className="flex items-center gap-1.5 text-muted">
        <span className="flex size-4 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Check className="size-3" aria-hidden />
        </span>
        Account
      </li>
      <li aria-hidden className="h-px w-6 bg-border" />
      <li className="flex items-center gap-1.5 text-foreground" aria-current="step">
        <span className="flex size-4 items-center justify-center rounded-full bg-primary text-[10px] text-primary-foreground">
          2
        </span>
        Workspace
      </li>
    </ol>
  );
}

export default function SetupPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [currency, setCurrency] = useState(() => defaultCurrency());
  const [timezone, setTimezone] = useState(() => localTimeZone());
  const [displayName, setDisplayName] = useState(() => auth.user?.displayName ?? "");
  const timeZones = useMemo(() => timeZoneChoices(), []);
  const currencies = useMemo(
    () =>
      COMMON_CURRENCIES.includes(currency as (typeof COMMON_CURRENCIES)[number])
        ? [...COMMON_CURRENCIES]
        : [currency, ...COMMON_CURRENCIES],
    [currency],
  );

  const create = useResentMutation(
    trpc.organization.create.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(); // SPEC §7: every cached query
        track("organization_created");
        await navigate("/home");
      },
      onError: (error) => {
        toast.error(organizationCreateErrorText(error));
      },
    }),
  );

  const fieldErrors = fieldErrorsOf(create.error);
  const fieldError = (field: FieldName) => fieldErrors[field];
  const hasFieldError = Object.keys(fieldErrors).length > 0;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({ name, currency, timezone, displayName: displayName.trim() || undefined });
  }

  async function handleSignOut() {
    await auth.signOut();
    await navigate("/signin");
  }

  return (
    <AuthLayout
      width="md"
      eyebrow={<Steps />}
      title="Set up your workspace"
      description="Your team's contacts, companies and deals live here. You can change these later in Settings."
      footer={
        <div className="flex flex-col gap-1.5">
          <p>
            Signed in as <span className="font-medium text-foreground">{auth.user?.email ?? "unknown"}</span> ·{" "}
            <button type="button" className={textLinkClass} onClick={() => void handleSignOut()}>
              Sign out
            </button>
          </p>
          <p className="text-xs">Joining an existing team? Ask a teammate to invite you and open the link they send.</p>
        </div>
      }
    >
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        {create.error && !hasFieldError && <FormAlert>{create.error.message}</FormAlert>}
        <Field label="Organization name" error={fieldError("name")} hint="Usually your company's name.">
          {(props) => (
            <Input
              {...props}
              name="name"
              autoComplete="organization"
              placeholder="Acme Inc."
              autoFocus
              maxLength={80}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Currency" error={fieldError("currency")}>
            {(props) => (
              <Select {...props} name="currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
                {currencies.map((code) => (
                  <option key={code} value={code}>
                    {currencyLabel(code)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Time zone" error={fieldError("timezone")}>
            {(props) => (
              <Select {...props} name="timezone" value={timezone} onChange={(e) => setTimezone(e.target.value)}>
                {timeZones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field label="Your name" error={fieldError("displayName")} hint="Optional. Shown to your teammates.">
          {(props) => (
            <Input
              {...props}
              name="displayName"
              autoComplete="name"
              maxLength={80}
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" className="mt-1 w-full" pending={create.isPending}>
          Create workspace
        </Button>
      </form>
    </AuthLayout>
  );
}
