import { useEffect, useState, type FormEvent } from "react";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Field, Input } from "../../ui/input";
import { Switch } from "../../ui/switch";

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
          <Switch
            checked={shared}
            onChange={setShared}
            label="Share with the workspace"
            description="Everyone sees it in their sidebar; only admins can change it."
          />
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
