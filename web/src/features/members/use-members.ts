import { useQuery } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { memberName } from "../../../../drizzle/values";
import { trpc } from "../../lib/trpc";

export type Member = inferOutput<typeof trpc.organization.listMembers>[number];

/** Members' names by user id, as last read: for text made outside a render (a copied row's Owner). */
const namesRead = new Map<string, string>();

/** A member's name as last read by useMembers, or null for one not read (a former member). */
export function memberNameById(userId: string): string | null {
  return namesRead.get(userId) ?? null;
}

/** Everyone in the caller's organization, oldest membership first. */
export function useMembers() {
  const members = useQuery(trpc.organization.listMembers.queryOptions());
  for (const member of members.data ?? []) namesRead.set(member.userId, memberName(member));
  return members;
}

/** How a member is named, and named after an "@": shared with the server, which reads a note's mentions by them. */
export { memberName, mentionHandles } from "../../../../drizzle/values";
