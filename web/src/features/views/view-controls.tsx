import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { Check, ChevronDown, Layers, Pencil, Save, Trash, Undo2, Users } from "lucide-react";
import { useState } from "react";
import { toast, toastError } from "../../lib/toast";
import { saveAgainLabel } from "../../lib/trpc-errors";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { useCurrentUser } from "../auth/use-current-user";
import type { RecordObject } from "../records/use-record-actions";
import type { SavedViewState } from "./use-saved-view";
import { SaveViewDialog } from "./save-view-dialog";
import { isAdmin, mayChangeView, useViewMutations } from "./use-views";
import { menuContent, menuItem } from "../../ui/menu";

type Dialog = "save" | "rename" | "delete" | null;

/**
 * The list toolbar's view part: the open view (rename, share, delete), and "Save view" /
 * "Update view" / "Reset" once the filters, sort or columns differ from it.
 */
export function ViewControls({ object, saved }: { object: RecordObject; saved: SavedViewState }) {
  const { data: user } = useCurrentUser();
  const { create, update, remove, latestVersion, setDefault } = useViewMutations(object);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { view, changed, current } = saved;
  const mayChange = view ? mayChangeView(view, user) : false;
  const admin = isAdmin(user);

  const handleCreate = ({ name, shared }: { name: string; shared: boolean }) =>
    create.mutate(
      { object, name, shared, definition: current },
      {
        onSuccess: (created) => {
          setDialog(null);
          saved.openView(created.id);
          toast.success(`Saved the view “${created.name}”${created.shared ? ", shared with the workspace" : ""}.`);
        },
        onError: (error) => toastError(error, "Could not save the view"),
      },
    );

  /** Saves `change` over the view at `version`; refused because someone saved first, "Save mine" saves it over theirs. */
  const saveView = (
    change: { definition?: typeof current; name?: string; shared?: boolean },
    version: number,
    { done, failure }: { done: () => void; failure: string },
  ) => {
    if (!view) return;
    update.mutate(
      { id: view.id, version, ...change },
      {
        onSuccess: done,
        onError: (error) => {
          const label = saveAgainLabel(error);
          toastError(
            error,
            failure,
            label && { label, onClick: () => saveView(change, latestVersion(view), { done, failure }) },
          );
        },
      },
    );
  };

  const handleUpdate = () => {
    if (!view) return;
    saveView({ definition: current }, view.version, {
      done: () => toast.success(`Updated the view “${view.name}”.`),
      failure: "Could not update the view",
    });
  };

  const handleRename = ({ name, shared }: { name: string; shared: boolean }) => {
    if (!view) return;
    saveView({ name, ...(admin ? { shared } : {}) }, view.version, {
      done: () => {
        setDialog(null);
        toast.success(`Saved “${name}”.`);
      },
      failure: "Could not rename the view",
    });
  };

  const plural = object === "contact" ? "contacts" : "companies";
  const handleDefault = () => {
    if (!view) return;
    const opensFirst = !view.isDefault;
    setDefault.mutate(
      { object, viewId: opensFirst ? view.id : null },
      {
        onSuccess: () =>
          toast.success(
            opensFirst
              ? `${plural.replace(/^./, (c) => c.toUpperCase())} open on “${view.name}” for you.`
              : `${plural.replace(/^./, (c) => c.toUpperCase())} open on the whole list for you.`,
          ),
      },
    );
  };

  const handleDelete = () => {
    if (!view) return;
    remove.mutate(
      { id: view.id },
      {
        onSuccess: () => {
          setDialog(null);
          saved.openView(null);
          toast.success(`Deleted the view “${view.name}”.`);
        },
        onError: (error) => toastError(error, "Could not delete the view"),
      },
    );
  };

  return (
    <div className="flex items-center gap-1.5" data-testid="view-controls">
      {changed && (
        <>
          <Button size="sm" variant="ghost" onClick={saved.reset} title="Drop the unsaved changes">
            <Undo2 className="size-3.5" aria-hidden />
            Reset
          </Button>
          {view && mayChange && (
            <Button size="sm" variant="secondary" onClick={handleUpdate} pending={update.isPending && !dialog}>
              Update view
            </Button>
          )}
        </>
      )}
      {/* The whole list as a board is no change to reset, but one to keep as a view. */}
      {(changed || (!view && current.layout === "board")) && (
        <Button size="sm" variant={view && mayChange ? "ghost" : "secondary"} onClick={() => setDialog("save")}>
          <Save className="size-3.5" aria-hidden />
          {view ? "Save as new view" : "Save view"}
        </Button>
      )}
      {view && (
        <Dropdown.Root>
          <Dropdown.Trigger
            className="flex h-7 max-w-56 items-center gap-1.5 rounded-md border border-border bg-background px-2 text-xs font-medium text-foreground shadow-xs hover:bg-surface-2 data-[state=open]:bg-surface-2"
            aria-label={`View options: ${view.name}`}
            data-testid="open-view"
          >
            {view.shared ? (
              <Users className="size-3.5 shrink-0 text-muted" aria-label="Shared" />
            ) : (
              <Layers className="size-3.5 shrink-0 text-muted" aria-hidden />
            )}
            <span className="truncate">{view.name}</span>
            {changed && <span className="size-1.5 shrink-0 rounded-full bg-primary" title="Unsaved changes" />}
            <ChevronDown className="size-3.5 shrink-0 text-muted" aria-hidden />
          </Dropdown.Trigger>
          <Dropdown.Portal>
            <Dropdown.Content align="end" sideOffset={4} className={`${menuContent} min-w-52`}>
              <Dropdown.Label className="px-2 pt-1 pb-1.5 text-[11px] text-muted">
                {view.shared ? "Shared with the workspace" : "Only you see this view"}
                {!mayChange && (view.shared ? " · only admins can change it" : "")}
              </Dropdown.Label>
              <Dropdown.CheckboxItem
                className={menuItem}
                checked={view.isDefault}
                onSelect={handleDefault}
                title={`Whenever you open ${plural}, this view opens (for you alone)`}
              >
                <Check className={view.isDefault ? "size-3.5 text-primary" : "size-3.5 text-transparent"} aria-hidden />
                Open by default
              </Dropdown.CheckboxItem>
              <Dropdown.Item className={menuItem} disabled={!mayChange} onSelect={() => setDialog("rename")}>
                <Pencil className="size-3.5 text-muted" aria-hidden />
                {admin ? "Rename or share…" : "Rename…"}
              </Dropdown.Item>
              <Dropdown.Item className={menuItem} disabled={!mayChange} onSelect={() => setDialog("delete")}>
                <Trash className="size-3.5 text-muted" aria-hidden />
                Delete view…
              </Dropdown.Item>
            </Dropdown.Content>
          </Dropdown.Portal>
        </Dropdown.Root>
      )}
      <SaveViewDialog
        open={dialog === "save"}
        onOpenChange={(open) => setDialog(open ? "save" : null)}
        title="Save view"
        submitLabel="Save view"
        initialName=""
        canShare={admin}
        pending={create.isPending}
        onSubmit={handleCreate}
      />
      <SaveViewDialog
        open={dialog === "rename"}
        onOpenChange={(open) => setDialog(open ? "rename" : null)}
        title={admin ? "Rename or share view" : "Rename view"}
        submitLabel="Save"
        initialName={view?.name ?? ""}
        canShare={admin}
        initialShared={view?.shared ?? false}
        pending={update.isPending}
        onSubmit={handleRename}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
        title={`Delete the view “${view?.name ?? ""}”?`}
        description={
          view?.shared
            ? "It disappears from everyone's sidebar. The records in it stay."
            : "It disappears from your sidebar. The records in it stay."
        }
        confirmLabel="Delete view"
        pending={remove.isPending}
        onConfirm={handleDelete}
      />
    </div>
  );
}
