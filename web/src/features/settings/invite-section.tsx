import { useQueryClient } from "@tanstack/react-query";
import type { inferInput, inferOutput } from "@trpc/tanstack-react-query";
import { Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useResentMutation } from "../../lib/resend";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Field, Input, Select } from "../../ui/input";
import { InviteLink } from "./invite-link";
import { SettingsSection } from "./settings-section";

type Role = NonNullable<inferInput<typeof trpc.organization.invite>["role"]>;
export type CreatedInvite = inferOutput<typeof trpc.organization.invite>;

// Owners are made by creating a workspace, never by invite.
const inviteRoles: Role[] = ["member", "admin"];
const roleLabels: Record<Role, string> = { member: "Member", admin: "Admin" };

export function InviteSection() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [created, setCreated] = useState<CreatedInvite | null>(null);

  const invite = useResentMutation(
    trpc.organization.invite.mutationOptions({
      onSuccess: (result) => {
        setCreated(result);
        setEmail("");
        toast.success(`Invite created for ${result.email}. Copy the link and send it to them.`);
        void queryClient.invalidateQueries({ queryKey: trpc.organization.listInvites.queryKey() });
      },
      onError: (error) => toast.error(`Could not send the invite: ${error.message}`),
    }),
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email, role });
  };

  return (
    <SettingsSection
      title="Invite teammates"
      description="Create a single-use link for a colleague's email. It expires after 7 days."
    >
      <form
        onSubmit={handleSubmit}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        aria-label="Invite a teammate"
      >
        <div className="flex-1">
          <Field label="Email" error={invite.error?.message}>
            {(props) => (
              <Input
                {...props}
                name="email"
                type="email"
                required
                autoComplete="off"
                placeholder="colleague@company.com"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  if (invite.isError) invite.reset();
                }}
              />
            )}
          </Field>
        </div>
        <div className="sm:w-36">
          <Field label="Role">
            {(props) => (
              <Select {...props} name="role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
                {inviteRoles.map((value) => (
                  <option key={value} value={value}>
                    {roleLabels[value]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Button type="submit" pending={invite.isPending} className="sm:mt-[26px]">
          {!invite.isPending && <Send className="size-4" aria-hidden />}
          Send invite
        </Button>
      </form>
      {created && <InviteLink invite={created} />}
    </SettingsSection>
  );
}
