import { useMutation, type UseMutationOptions, type UseMutationResult } from "@tanstack/react-query";
import { useMemo } from "react";
import { resendWithoutAnswer } from "./resend";
import { newWriteKey } from "./write-key";

const withKey = <V extends { key?: string }>(variables: V): V => ({
  ...variables,
  key: variables.key ?? newWriteKey(),
});

/**
 * A create (a contact, company, task or note) that is made once however often it is sent. Each call
 * carries a key of its own in its variables (the server remembers the record it made under it:
 * worker/src/domain/write-keys.ts), so the create can be sent again when no answer came back
 * (lib/resend.ts), and a create kept offline (lib/offline-edits.ts) can be sent from the next tab even
 * if this one had sent it: either way the server answers with the record it made, not a second one.
 * Variables that already hold a key keep it (a "Retry" of the same create).
 */
export function useCreateMutation<TData, TError, TVariables extends { key?: string }, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation({ ...resendWithoutAnswer, ...options });
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
