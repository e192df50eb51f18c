import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { Pencil, Trash } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { readDraft, useDraft, writeDraft } from "../../lib/drafts";
import { formatDateTime, formatRelative } from "../../lib/format";
import { toast, toastError } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { isConflict } from "../../lib/trpc-errors";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ErrorState, Skeleton } from "../../ui/empty-state";
import { Textarea } from "../../ui/input";
import { Kbd, modKey } from "../../ui/kbd";
import { useCurrentUser } from "../auth/use-current-user";
import { memberName, useMembers } from "../members/use-members";
import { PanelSection } from "./record-fields";
import type { RecordObject } from "./use-record-actions";

type Note = inferOutput<typeof trpc.notes.list>[number];

/**
 * Cmd/Ctrl+Enter saves, Escape cancels. The textareas carry `data-cell-editor`, which tells the
 * side panel that this Escape is not for closing it (Radix listens before React handlers run).
 */
function useSubmitKeys(onSubmit: () => void, onCancel?: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      onSubmit();
    } else if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };
}

function useNoteMutations(object: RecordObject, recordId: string) {
  const queryClient = useQueryClient();
  // The note list and the record's timeline (each note write adds an activity).
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.notes.list.queryKey({ recordId }) }),
      queryClient.invalidateQueries({
        queryKey:
          object === "contact"
            ? trpc.contacts.get.queryKey({ id: recordId })
            : trpc.companies.get.queryKey({ id: recordId }),
      }),
    ]);
  return {
    create: useMutation(trpc.notes.create.mutationOptions({ onSuccess: refresh })),
    update: useMutation(trpc.notes.update.mutationOptions({ onSuccess: refresh })),
    remove: useMutation(trpc.notes.delete.mutationOptions({ onSuccess: refresh })),
  };
}

/** A new note; what is typed is kept as a draft until it is saved (see drafts.ts). */
function Composer({ object, recordId }: { object: RecordObject; recordId: string }) {
  const { text: body, setText: setBody, saved } = useDraft(`note:${object}:${recordId}`);
  const { create } = useNoteMutations(object, recordId);
  const save = () => {
    if (!body.trim() || create.isPending) return;
    // The promise, not mutate's callbacks: those are dropped when the panel closes meanwhile.
    create.mutateAsync({ recordObject: object, recordId, body }).then(
      () => {
        if (saved(body)) setBody("");
      },
      (error: unknown) => toastError(error, "Could not save the note"),
    );
  };
  const handleKeyDown = useSubmitKeys(save, () => (document.activeElement as HTMLElement | null)?.blur());
  return (
    <div className="space-y-2">
      <Textarea
        data-cell-editor
        aria-label="New note"
        name="note"
        placeholder="Add a note…"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={handleKeyDown}
        className="min-h-16! text-[13px]"
      />
      {body.trim() && (
        <div className="flex items-center justify-end gap-2">
          <span className="flex items-center gap-1 text-xs text-muted">
            <Kbd>{modKey}</Kbd>
            <Kbd>Enter</Kbd>
          </span>
          <Button size="sm" onClick={save} pending={create.isPending}>
            Save note
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The version of a note an edit started from, kept beside the edit's draft: the save carries it, so a
 * teammate's edit made meanwhile (even while the draft waited in a closed tab) is a CONFLICT, never
 * silently overwritten.
 */
function useEditBase(note: Note) {
  const key = `note-edit-version:${note.id}`;
  const [version, setVersion] = useState(() => Number(readDraft(key)) || note.version);
  const setBase = (next: number | null) => {
    writeDraft(key, next === null ? "" : String(next));
    setVersion(next ?? note.version);
  };
  return { version, setBase };
}

function NoteItem({ note, object, author }: { note: Note; object: RecordObject; author: string }) {
  // An edit left unsaved (panel or tab closed) is kept as a draft and opens again where it was.
  const { text: draft, setText: setDraft, saved, kept } = useDraft(`note-edit:${note.id}`, note.body);
  const base = useEditBase(note);
  const [editing, setEditing] = useState(kept);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const { update, remove } = useNoteMutations(object, note.recordId);

  const send = (version: number) =>
    update.mutateAsync({ id: note.id, version, body: draft }).then(
      () => {
        saved(draft);
        base.setBase(null);
        setEditing(false);
      },
      async (error: unknown) => {
        if (!isConflict(error)) return toastError(error, "Could not save the note");
        // A teammate edited it first: their version, read again, is what "Save mine" replaces.
        const fresh = await queryClient
          .fetchQuery({ ...trpc.notes.list.queryOptions({ recordId: note.recordId }), staleTime: 0 })
          .then((notes) => notes.find((n) => n.id === note.id))
          .catch(() => undefined);
        toastError(
          error,
          "Could not save the note",
          fresh && {
            label: "Save mine",
            onClick: () => {
              base.setBase(fresh.version);
              void send(fresh.version);
            },
          },
        );
      },
    );
  const save = () => {
    if (!draft.trim()) return;
    if (draft.trim() === note.body) return cancel();
    void send(base.version);
  };
  const startEdit = () => {
    base.setBase(note.version);
    setDraft(note.body);
    setEditing(true);
  };
  const cancel = () => {
    base.setBase(null);
    setDraft(note.body);
    setEditing(false);
  };
  const handleKeyDown = useSubmitKeys(save, cancel);
  const handleDelete = () =>
    remove.mutate(
      { id: note.id },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success("Deleted the note.");
        },
        onError: (error) => toastError(error, "Could not delete the note"),
      },
    );

  const edited = +note.updatedAt !== +note.createdAt;
  return (
    <li className="group rounded-md border border-border bg-surface px-3 py-2" data-testid="note">
      <div className="flex items-center gap-2 text-xs text-muted">
        <span className="font-medium text-foreground">{author}</span>
        <time dateTime={note.createdAt.toISOString()} title={formatDateTime(note.createdAt)}>
          {formatRelative(note.createdAt)}
        </time>
        {edited && <span title={`Edited ${formatDateTime(note.updatedAt)}`}>· edited</span>}
        {!editing && (
          <span className="ml-auto flex gap-0.5 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
            <button
              type="button"
              aria-label="Edit note"
              onClick={startEdit}
              className="rounded p-1 hover:bg-surface-2 hover:text-foreground"
            >
              <Pencil className="size-3.5" aria-hidden />
            </button>
            <button
              type="button"
              aria-label="Delete note"
              onClick={() => setConfirming(true)}
              className="rounded p-1 hover:bg-surface-2 hover:text-danger"
            >
              <Trash className="size-3.5" aria-hidden />
            </button>
          </span>
        )}
      </div>
      {editing ? (
        <div className="mt-1.5 space-y-2">
          <Textarea
            data-cell-editor
            aria-label="Edit note"
            autoFocus
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={handleKeyDown}
            className="min-h-16! text-[13px]"
          />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={cancel}>
              Cancel
            </Button>
            <Button size="sm" onClick={save} pending={update.isPending}>
              Save
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-1 text-[13px] break-words whitespace-pre-wrap text-foreground">{note.body}</p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this note?"
        description="It leaves the record; the timeline keeps a line saying it was deleted."
        confirmLabel="Delete note"
        pending={remove.isPending}
        onConfirm={handleDelete}
      />
    </li>
  );
}

/** A record's notes in its side panel: write one (Cmd/Ctrl+Enter), edit inline, delete. */
export function RecordNotes({ object, recordId }: { object: RecordObject; recordId: string | null }) {
  const notes = useQuery(trpc.notes.list.queryOptions(recordId ? { recordId } : skipToken));
  const members = useMembers();
  const { data: user } = useCurrentUser();
  const names = new Map(members.data?.map((m) => [m.userId, memberName(m)]));
  const authorOf = (id: string) => (id === user?.id ? "You" : (names.get(id) ?? "Someone"));

  return (
    <PanelSection title={notes.data?.length ? `Notes · ${notes.data.length}` : "Notes"}>
      {recordId && (
        <div className="space-y-3" data-testid="record-notes">
          <Composer key={recordId} object={object} recordId={recordId} />
          {notes.isError ? (
            <ErrorState message={notes.error.message} onRetry={() => void notes.refetch()} />
          ) : !notes.data ? (
            <Skeleton className="h-12 w-full" />
          ) : (
            notes.data.length > 0 && (
              <ul className="space-y-2">
                {notes.data.map((note) => (
                  <NoteItem key={note.id} note={note} object={object} author={authorOf(note.createdBy)} />
                ))}
              </ul>
            )
          )}
        </div>
      )}
    </PanelSection>
  );
}
