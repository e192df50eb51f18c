import { z } from "zod";
import { INVITE_TOKEN_PATTERN } from "./invite-token-format";
import { singleLineText } from "./text";
import { timeZoneName } from "./time-zone";

export const organizationCreateInput = z.object({
  name: singleLineText()
    .min(2, "Name the organization (2 characters or more).")
    .max(80, "Keep the name under 80 characters."),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Currency must be a 3-letter ISO code such as USD or EUR.")
    .default("USD"),
  timezone: timeZoneName.default("UTC"),
  displayName: singleLineText().max(80).optional(),
});
export type OrganizationCreateInput = z.input<typeof organizationCreateInput>;
export type OrganizationCreate = z.output<typeof organizationCreateInput>;

export const inviteRoles = ["admin", "member"] as const;

export const organizationInviteInput = z.object({
  email: z.email("Enter a valid email address.").trim().toLowerCase(),
  role: z.enum(inviteRoles).default("member"),
});
export type OrganizationInviteInput = z.input<typeof organizationInviteInput>;

export const inviteTokenInput = z.object({
  token: z.string().regex(INVITE_TOKEN_PATTERN, "This invite link is not valid."),
});
export const inviteRevokeInput = z.object({ inviteId: z.string().startsWith("inv_") });
