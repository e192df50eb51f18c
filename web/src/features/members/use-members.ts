import { useQuery } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { trpc } from "../../lib/trpc";

export type Member = inferOutput<typeof trpc.organization.listMembers>[number];

/** Everyone in the caller's organization, oldest membership first. */
export function useMembers() {
  return useQuery(trpc.organization.listMembers.queryOptions());
}

export function memberName(member: { displayName: string | null; email: string }): string {
  return member.displayName?.trim() || member.email;
}
