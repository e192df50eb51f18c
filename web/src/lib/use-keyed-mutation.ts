import type { UseMutationOptions, UseMutationResult } from "@tanstack/react-query";
import { useMemo } from "react";
import { useResentMutation } from "./resend";
import { newWriteKey } from "./write-key";

export const withKey = <V extends { key?: string }>(variables: V): V => ({
  ...variables,
  key: variables.key ?? newWriteKey(),
});

/**
 * A write (a new contact, company, task or note, a change to one, a merge, a bulk edit) that is made once
 * however often it is sent. Each call carries a key of its own in its variables (the server remembers the
 * write made under it: worker/src/domain/write-keys.ts), so the write can be sent again when no answer came
 * back (lib/resend.ts), and a write kept offline (lib/offline-edits.ts) can be sent from the next tab even if
 * this one had sent it: either way the server answers as the write was made, neither a second record nor a
 * CONFLICT naming the person's own change. Variables that already hold a key keep it.
 */
export function useKeyedMutation<TData, TError, TVariables extends { key?: string }, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useResentMutation(options);
  const { mutate, mutateAsync } = mutation;
  const keyed = useMemo(
    () => ({
      mutate: ((variables: TVariables, mutateOptions?: Parameters<typeof mutate>[1]) =>
        mutate(withKey(variables), mutateOptions)) as typeof mutate,
      mutateAsync: ((variables: TVariables, mutateOptions?: Parameters<typeof mutateAsync>[1]) =>
        mutateAsync(withKey(variables), mutateOptions)) as typeof mutateAsync,
    }),
    [mutate, mutateAsync],
  );
  return { ...mutation, ...keyed };
}
