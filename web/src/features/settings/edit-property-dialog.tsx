import { useQueryClient } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { fieldErrorsOf } from "../../lib/field-errors";
import { toast, toastError } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useKeyedMutation } from "../../lib/use-keyed-mutation";
import { errorCode } from "../../lib/trpc-errors";
import { Button } from "../../ui/button";
import { listLinkState } from "../../ui/data-table/list-memory";
import { markRenamedOptionsStale } from "../records/list-cache";
import { Dialog, type CloseQuestion } from "../../ui/dialog";
import { propertyField } from "../records/property-values";
import { viewPaths } from "../views/use-views";
import { draftOf, optionsOf, removedOf, renamesOf, rowProblems } from "./options-draft";
import { OptionsEditor } from "./options-editor";
import { LabelField } from "./property-fields";
import { hasOptions, objectLabels, typeMeta, type Property } from "./property-labels";
import { RequiredSwitch } from "./required-switch";

/** The list of the records holding any of `options`: those to change before the options can go. */
const holdersOf = (property: Property, options: string[]) =>
  listLinkState({
    search: "",
    filter: {
      combinator: "or",
      conditions: options.map((value) => ({
        field: propertyField(property.key),
        operator: property.type === "multi-select" ? "contains" : "eq",
        value,
      })),
    },
    sort: null,
    trash: false,
  });

const unsavedChanges: CloseQuestion = {
  title: "Discard your changes?",
  description: "The property stays as it was.",
  confirmLabel: "Discard",
};

/**
 * Rename a property, change a select's options, or whether it is required; its key and type stay. Keyed by the
 * property by its caller, so each opens with its own values.
 */
export function EditPropertyDialog({ property, onClose }: { property: Property | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState(property?.label ?? "");
  const saved = property?.options ?? [];
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [required, setRequired] = useState(property?.required ?? false);
  const withOptions = property !== null && hasOptions(property.type);
  // The server's refusals of a select's options (one records hold, none left) are said under Options.
  const optionsRefusal = (error: unknown) => withOptions && errorCode(error) === "BAD_REQUEST";
  const update = useKeyedMutation(
    trpc.properties.update.mutationOptions({
      onSuccess: (updated) => {
        toast.success(`Saved “${updated.label}”`);
        // Shown at once, as saved, while the list is read again.
        const queryKey = trpc.properties.list.queryKey({ object: updated.object });
        queryClient.setQueryData(queryKey, (list) => list?.map((p) => (p.id === updated.id ? updated : p)));
        if (renames.length > 0) markRenamedOptionsStale(queryClient, updated.object);
        void queryClient.invalidateQueries({ queryKey });
        onClose();
      },
      // A refusal about a field is said under it; anything else in a toast.
      onError: (error) => {
        if (Object.keys(fieldErrorsOf(error)).length === 0 && !optionsRefusal(error))
          toastError(error, "Could not save the property");
      },
    }),
  );
  const errors = fieldErrorsOf(update.error);
  const optionsError =
    errors.options ??
    (update.error && optionsRefusal(update.error) && !errors.label ? update.error.message : undefined);

  const options = optionsOf(draft);
  const renames = renamesOf(draft);
  const removed = removedOf(saved, draft);
  const changed = property && {
    ...(label.trim() !== property.label && { label }),
    ...(withOptions && options.join("\n") !== saved.join("\n") && { options }),
    ...(withOptions && renames.length > 0 && { renamedOptions: renames }),
    ...(required !== property.required && { required }),
  };
  // Computed as the fields change, so an Escape right after typing already asks.
  const dirty = changed !== null && Object.keys(changed).length > 0;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!property || !dirty) return onClose();
    if (rowProblems(draft).size > 0) return; // said beside the row
    update.mutate({ id: property.id, ...changed });
  };

  return (
    <Dialog
      open={property !== null}
      onOpenChange={(open) => !open && onClose()}
      confirmClose={dirty ? unsavedChanges : null}
      title={property ? `Edit “${property.label}”` : "Edit property"}
      description={
        property ? `${typeMeta[property.type].label} · key ${property.key}. The key and type cannot change.` : undefined
      }
    >
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label="Edit property">
        <LabelField
          value={label}
          error={errors.label}
          onChange={(text) => {
            setLabel(text);
            if (errors.label) update.reset();
          }}
        />
        {withOptions && (
          <OptionsEditor
            draft={draft}
            error={optionsError}
            onChange={(next) => {
              setDraft(next);
              if (optionsError) update.reset();
            }}
          />
        )}
        {property && property.object !== "deal" && optionsError && removed.length > 0 && (
          <Link
            to={viewPaths[property.object]}
            state={holdersOf(property, removed)}
            className="-mt-2 inline-flex items-center gap-1 self-start text-xs font-medium text-primary hover:underline"
          >
            See them in {objectLabels[property.object]}
            <ArrowRight className="size-3.5" aria-hidden />
          </Link>
        )}
        <RequiredSwitch checked={required} onChange={setRequired} />
        <div className="mt-1 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
