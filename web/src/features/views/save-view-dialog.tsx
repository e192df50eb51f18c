import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/dialog";
import { Field, Input } from "../../ui/input";

type SaveViewDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initialName: string;
  /** Admins may share a view with the whole workspace; others only see the name field. */
  canShare: boolean;
  initialShared?: boolean;
  pending: boolean;
  onSubmit: (values: { name: string; shared: boolean }) => void;
};

/** Name a view (and, for admins, share it): saving a new one and renaming use the same form. */
export function SaveViewDialog(props: SaveViewDialogProps) {
  const { open, onOpenChange, title, submitLabel, initialName, canShare, initialShared = false, pending } = props;
  const [name, setName] = useState(initialName);
  const [shared, setShared] = useState(initialShared);
  const [error, setError] = useState<string | null>(null);
  const switchId = useId();

  useEffect(() => {
    if (!open) return;
    setName(initialName);
    setShared(initialShared);
    setError(null);
  }, [open, initialName, initialShared]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError("Name the view.");
    props.onSubmit({ name: trimmed, shared: canShare && shared });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} className="max-w-md">
      <form onSubmit={handleSubmit} className="space-y-4">
        <Field label="Name" error={error}>
          {(field) => (
            <Input
              {...field}
              name="viewName"
              autoFocus
              maxLength={80}
              value={name}
              placeholder="e.g. Qualified leads in Berlin"
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        {!canShare && (
          <p className="text-xs text-muted">
            Only you see it, in your sidebar. Owners and admins can share views with the workspace.
          </p>
        )}
        {canShare && (
          <div className="flex items-start gap-3">
            <button
              id={switchId}
              type="button"
              role="switch"
              aria-checked={shared}
              onClick={() => setShared(!shared)}
              className={cn(
                "relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors",
                shared ? "bg-primary" : "bg-surface-2 ring-1 ring-border ring-inset",
              )}
            >
              <span
                className={cn(
                  "inline-block size-4 rounded-full bg-white shadow-sm transition-transform",
                  shared ? "translate-x-[18px]" : "translate-x-0.5",
                )}
              />
            </button>
            <label htmlFor={switchId} className="text-sm">
              <span className="font-medium text-foreground">Share with the workspace</span>
              <span className="block text-xs text-muted">
                Everyone sees it in their sidebar; only admins can change it.
              </span>
            </label>
          </div>
        )}
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" pending={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
