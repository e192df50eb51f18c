import { useQuery } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { trpc } from "../../lib/trpc";

export type Member = inferOutput<typeof trpc.organization.listMembers>[number];

/** Everyone in the caller's organization, oldest membership first. */
export function useMembers() {
  return useQuery(trpc.organization.listMembers.queryOptions());
}

/** How a member is named, and named after an "@": shared with the server, which reads a note's mentions by them. */
export { memberName, mentionHandles } from "../../../../drizzle/values";
