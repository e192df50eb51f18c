import { fieldErrorsOf } from "../../lib/field-errors";
import { errorMessage, isConflict } from "../../lib/trpc-errors";
import { toast, toastError } from "../../lib/toast";
import type { usePropertyForm } from "./property-fields";

/**
 * What a new-record dialog tells after its create: a toast naming the record with "Open", then the
 * dialog closes; a clash (the email or domain another record holds) as a toast naming that record;
 * an error about a custom property under its input; field errors (shown by the form) as they are;
 * anything else as a toast.
 */
export function createFeedback<Named>({
  noun,
  plural,
  nameOf,
  onCreated,
  close,
  properties,
}: {
  noun: string;
  plural: string;
  nameOf: (record: Named) => string;
  onCreated: (record: { id: string }) => void;
  close: () => void;
  properties: ReturnType<typeof usePropertyForm>;
}) {
  return {
    onSuccess: (record: Named & { id: string }) => {
      toast.success(`${nameOf(record)} added to ${plural}.`, {
        action: { label: "Open", onClick: () => onCreated(record) },
      });
      close();
    },
    onError: (error: unknown) => {
      if (isConflict(error)) toast.error(errorMessage(error));
      else if (properties.showServerError(error)) return;
      else if (Object.keys(fieldErrorsOf(error)).length === 0) toastError(error, `Could not add the ${noun}`);
    },
  };
}
