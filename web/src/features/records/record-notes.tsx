import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { CalendarDays, Mail, Pencil, Phone, Pin, PinOff, StickyNote, Trash, type LucideIcon } from "lucide-react";
import {
  noteKinds,
  noteOutcomeLabels,
  noteOutcomes,
  type NoteKind,
  type NoteOutcome,
} from "../../../../drizzle/values";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { NOTES_LISTED } from "../../../../worker/src/schemas/notes-views";
import { onLogRequest, takeLogRequest, type LogKind } from "./log-request";
import { useOfferNextStep } from "../tasks/complete-logged";
import { useOfferRecordCommands } from "../../app/record-commands";
import { readDraft, useDraft, writeDraft } from "../../lib/drafts";
import { formatDateTime } from "../../lib/format";
import { RelativeTime } from "../../ui/relative-time";
import { toast, toastError } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useKeyedMutation } from "../../lib/use-keyed-mutation";
import { isStale } from "../../lib/trpc-errors";
import { Button } from "../../ui/button";
import { NextPageButton } from "../../ui/next-page-button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ErrorState, Skeleton } from "../../ui/empty-state";
import { Badge } from "../../ui/badge";
import { cn } from "../../ui/cn";
import { Input, Select, Textarea } from "../../ui/input";
import { Kbd, modKey } from "../../ui/kbd";
import { useActorNames } from "./activity-words";
import { useMemberMention } from "./member-mention";
import { parseWhen, type When } from "./parse-when";
import { markCompanyActivityStale, notesOfRecord } from "./list-cache";
import { PanelSection } from "./record-fields";
import type { RecordObject } from "./use-record-actions";
import { formatKeyDown } from "../../ui/note-keys";
import { NoteText } from "../../ui/note-text";

type Note = inferOutput<typeof trpc.notes.list>[number];

/** A note as the cache holds it now, in any read of its record's notes (pages, or one list). */
function cachedNote(queryClient: QueryClient, recordId: string, id: string): Note | undefined {
  for (const [, data] of queryClient.getQueriesData<Note[] | InfiniteData<Note[]>>(notesOfRecord(recordId))) {
    const listed = Array.isArray(data) ? data : data?.pages.flat();
    const found = listed?.find((note) => note.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Cmd/Ctrl+Enter saves, Escape cancels. The textareas carry `data-cell-editor`, which tells the
 * side panel that this Escape is not for closing it (Radix listens before React handlers run). Enter and Cmd/Ctrl+B
 * help type a list and bold (formatKeyDown), through `setText`.
 */
function useSubmitKeys(onSubmit: () => void, onCancel: (() => void) | undefined, setText: (text: string) => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      onSubmit();
    } else if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else formatKeyDown(event, setText);
  };
}

function useNoteMutations(object: RecordObject, recordId: string) {
  const queryClient = useQueryClient();
  // The notes and the record's timeline: each note write adds an activity.
  const refreshRecord = () =>
    Promise.all([
      queryClient.invalidateQueries(notesOfRecord(recordId)),
      queryClient.invalidateQueries({
        queryKey:
          object === "contact"
            ? trpc.contacts.get.queryKey({ id: recordId })
            : trpc.companies.get.queryKey({ id: recordId }),
      }),
    ]);
  // Also the lists whose "Last activity" a note moves: the contact's and the companies' (its own, or its people's).
  const refresh = () =>
    Promise.all([
      object === "contact" && queryClient.invalidateQueries({ queryKey: trpc.contacts.list.pathKey() }),
      object === "contact" && markCompanyActivityStale(queryClient),
      queryClient.invalidateQueries({ queryKey: trpc.companies.list.pathKey() }),
      refreshRecord(),
    ]);
  return {
    create: useKeyedMutation(trpc.notes.create.mutationOptions({ onSuccess: refresh })),
    update: useKeyedMutation(trpc.notes.update.mutationOptions({ onSuccess: refresh })),
    remove: useKeyedMutation(trpc.notes.delete.mutationOptions({ onSuccess: refresh })),
    restore: useKeyedMutation(trpc.notes.restore.mutationOptions({ onSuccess: refresh })),
    // A pin moves no one's last activity.
    pin: useKeyedMutation(trpc.notes.pin.mutationOptions({ onSuccess: refreshRecord })),
  };
}

/** `command`: the palette's action that starts one on the open record. */
const kindLabels: Record<
  NoteKind,
  { label: string; icon: LucideIcon; placeholder: string; save: string; command: string }
> = {
  note: {
    label: "Note",
    icon: StickyNote,
    placeholder: "Add a note… (@ names a teammate, who is told)",
    save: "Save note",
    command: "Add a note",
  },
  call: {
    label: "Call",
    icon: Phone,
    placeholder: "What was said on the call…",
    save: "Log call",
    command: "Log a call",
  },
  meeting: {
    label: "Meeting",
    icon: CalendarDays,
    placeholder: "What was discussed…",
    save: "Log meeting",
    command: "Log a meeting",
  },
  email: {
    label: "Email",
    icon: Mail,
    placeholder: "What the email said…",
    save: "Log email",
    command: "Log an email",
  },
};

/** Calls and meetings have an outcome (noteOutcomes); notes and emails do not. */
const takesOutcome = (kind: NoteKind): kind is keyof typeof noteOutcomes => kind in noteOutcomes;

/** A call's or meeting's outcome, picked from its kind's list (notes and emails have none). */
function OutcomeSelect({
  kind,
  value,
  onChange,
}: {
  kind: NoteKind;
  value: NoteOutcome | null;
  onChange: (value: NoteOutcome | null) => void;
}) {
  if (!takesOutcome(kind)) return null;
  return (
    <div className="w-40 shrink-0">
      <Select
        aria-label="Outcome"
        value={value ?? ""}
        onChange={(event) => onChange((event.target.value || null) as NoteOutcome | null)}
        className="h-8 text-[13px]"
      >
        <option value="">Outcome…</option>
        {noteOutcomes[kind].map((outcome) => (
          <option key={outcome} value={outcome}>
            {noteOutcomeLabels[outcome]}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** "Call · Left voicemail": what was logged and how it went, at the head of a logged entry. */
function LoggedKind({ kind, outcome }: { kind: NoteKind; outcome: NoteOutcome | null }) {
  const { label, icon: Icon } = kindLabels[kind];
  return (
    <span className="flex items-center gap-1.5 font-medium text-foreground">
      <Icon className="size-3.5 text-muted" aria-hidden />
      {label}
      {outcome && (
        <Badge asWritten tone={outcome === "connected" || outcome === "completed" ? "success" : "neutral"}>
          {noteOutcomeLabels[outcome]}
        </Badge>
      )}
    </span>
  );
}

/**
 * The outcome and typed time of a logged entry being written or edited: `fields` goes to LoggedFields,
 * `reset(outcome)` starts over (after a save, on cancel, on a new kind).
 */
function useLoggedDetails(start: NoteOutcome | null) {
  const [outcome, setOutcome] = useState(start);
  const [text, setText] = useState("");
  const when = parseWhen(text);
  const reset = (next: NoteOutcome | null) => {
    setOutcome(next);
    setText("");
  };
  return { outcome, when, reset, fields: { outcome, onOutcome: setOutcome, text, when, onChange: setText } };
}

/**
 * What a logged call, meeting or email adds to its text: its outcome (calls and meetings), and when it
 * took place, typed in words and read back as a date (or why it cannot be one) under the field. None
 * for a plain note. Enter in the time saves, as Cmd/Ctrl+Enter does in the text.
 */
function LoggedFields({
  kind,
  outcome,
  onOutcome,
  text,
  when,
  onChange,
  onEnter,
  placeholder,
}: {
  kind: NoteKind;
  outcome: NoteOutcome | null;
  onOutcome: (value: NoteOutcome | null) => void;
  text: string;
  when: When;
  onChange: (text: string) => void;
  onEnter: () => void;
  placeholder: string;
}) {
  if (kind === "note") return null;
  return (
    <div className="flex flex-wrap items-start gap-2">
      <OutcomeSelect kind={kind} value={outcome} onChange={onOutcome} />
      <div className="min-w-40 flex-1">
        <Input
          aria-label="When"
          aria-invalid={when.error ? true : undefined}
          placeholder={placeholder}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              onEnter();
            }
          }}
          className="h-8 text-[13px]"
        />
        {(when.error || when.at) && (
          <p
            role={when.error ? "alert" : undefined}
            className={cn("mt-1 text-xs", when.error ? "text-danger" : "text-muted")}
          >
            {when.error ?? formatDateTime(when.at!)}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * A new note, or a call, meeting or email to log (its outcome, and when it took place: now unless
 * typed, "yesterday 3pm"). What is typed, and the kind, are kept as drafts until saved (drafts.ts).
 */
function Composer({ object, recordId }: { object: RecordObject; recordId: string }) {
  const { text: body, setText: setBody, saved } = useDraft(`note:${object}:${recordId}`);
  const { text: draftKind, setText: setDraftKind } = useDraft(`note-kind:${object}:${recordId}`, "note");
  const kind = (noteKinds as readonly string[]).includes(draftKind) ? (draftKind as NoteKind) : "note";
  const logged = useLoggedDetails(null);
  const { when } = logged;
  const { create } = useNoteMutations(object, recordId);
  const offerNextStep = useOfferNextStep();
  const chooseKind = (next: NoteKind) => {
    setDraftKind(next);
    logged.reset(null);
  };
  const textarea = useRef<HTMLTextAreaElement>(null);
  const composer = useRef<HTMLDivElement>(null);
  // A click on the record's Call or Email action: the composer turns to log it, ready for how it went. Not over
  // something typed for another kind, which would change what that draft is.
  const latest = useRef({ kind, body, chooseKind });
  latest.current = { kind, body, chooseKind };
  // A completed call task asks too, from wherever it was done: as the panel opens, or at once if it is open.
  useEffect(() => {
    const take = (requested: LogKind) => {
      const { kind: shown, body: typed, chooseKind: choose } = latest.current;
      if (requested !== shown && typed.trim()) return;
      if (requested !== shown) choose(requested);
      textarea.current?.focus({ preventScroll: true });
      // The whole composer in view, once it shows the kind's fields: a call's outcome and when, under the text.
      requestAnimationFrame(() => composer.current?.scrollIntoView({ block: "nearest" }));
    };
    const waiting = takeLogRequest(recordId);
    if (waiting) take(waiting);
    return onLogRequest(recordId, take);
  }, [recordId]);
  useOfferRecordCommands(
    { active: true, order: 2 },
    noteKinds.map((k) => ({
      label: kindLabels[k].command,
      keywords: `${k} ${kindLabels[k].label} write log`,
      ...(k === "note" && { key: "n" }),
      run: () => {
        if (k !== kind) chooseKind(k);
        textarea.current?.focus();
      },
    })),
  );
  const save = () => {
    if (!body.trim() || create.isPending || when.error) return;
    const details = {
      kind,
      outcome: takesOutcome(kind) ? logged.outcome : null,
      occurredAt: when.at ?? undefined,
    };
    // The promise, not mutate's callbacks: those are dropped when the panel closes meanwhile.
    create.mutateAsync({ recordObject: object, recordId, body, ...details }).then(
      () => {
        if (kind !== "note") void offerNextStep(recordId, kind);
        if (!saved(body)) return;
        setBody("");
        logged.reset(null);
      },
      (error: unknown) => toastError(error, `Could not save the ${kind}`),
    );
  };
  const handleKeyDown = useSubmitKeys(save, () => (document.activeElement as HTMLElement | null)?.blur(), setBody);
  const mention = useMemberMention(textarea, body, setBody);
  const logging = kind !== "note";
  return (
    <div ref={composer} className="scroll-mb-4 space-y-2">
      <div role="group" aria-label="What to add" className="flex gap-1">
        {noteKinds.map((k) => {
          const { label, icon: Icon } = kindLabels[k];
          return (
            <button
              key={k}
              type="button"
              aria-pressed={k === kind}
              onClick={() => chooseKind(k)}
              className={cn(
                "flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-muted transition-colors hover:bg-surface-2 hover:text-foreground",
                k === kind && "bg-surface-2 text-foreground ring-1 ring-border",
              )}
            >
              <Icon className="size-3.5" aria-hidden />
              {label}
            </button>
          );
        })}
      </div>
      <Textarea
        ref={textarea}
        data-cell-editor
        aria-label={logging ? `What happened on the ${kind}` : "New note"}
        name="note"
        placeholder={kindLabels[kind].placeholder}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        {...mention.fieldProps}
        onKeyDown={(event) => mention.keyDown(event) || handleKeyDown(event)}
        className="min-h-16! text-[13px]"
      />
      {mention.list}
      <LoggedFields kind={kind} {...logged.fields} onEnter={save} placeholder="Now, or e.g. yesterday 3pm" />
      {(body.trim() || logging) && (
        <div className="flex items-center justify-end gap-2">
          <span className="flex items-center gap-1 text-xs text-muted">
            <Kbd>{modKey}</Kbd>
            <Kbd>Enter</Kbd>
          </span>
          <Button size="sm" onClick={save} pending={create.isPending} disabled={!body.trim() || Boolean(when.error)}>
            {kindLabels[kind].save}
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

function NoteItem({
  note,
  object,
  author,
  pinnedBy,
  mentionable,
}: {
  note: Note;
  object: RecordObject;
  author: string;
  /** Who pinned it, for a note shown among the pinned ones. */
  pinnedBy?: string;
  /** The teammates' names, marked where the note names them with "@". */
  mentionable: readonly string[];
}) {
  // An edit left unsaved (panel or tab closed) is kept as a draft and opens again where it was.
  const { text: draft, setText: setDraft, saved, kept } = useDraft(`note-edit:${note.id}`, note.body);
  const base = useEditBase(note);
  const [editing, setEditing] = useState(kept);
  // A logged entry's outcome, and its time retyped only to change it.
  const logged = useLoggedDetails(note.outcome);
  const { outcome, when } = logged;
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const { update, remove, restore, pin } = useNoteMutations(object, note.recordId);
  const hasOutcome = takesOutcome(note.kind);

  const send = (version: number) =>
    update
      .mutateAsync({
        id: note.id,
        version,
        body: draft,
        ...(hasOutcome ? { outcome } : {}),
        ...(when.at ? { occurredAt: when.at } : {}),
      })
      .then(
        () => {
          logged.reset(outcome);
          saved(draft);
          base.setBase(null);
          setEditing(false);
        },
        async (error: unknown) => {
          if (!isStale(error)) return toastError(error, `Could not save the ${noun}`);
          // A teammate edited it first: their version, read again, is what "Save mine" replaces.
          const fresh = await queryClient
            .refetchQueries(notesOfRecord(note.recordId))
            .then(() => cachedNote(queryClient, note.recordId, note.id))
            .catch(() => undefined);
          toastError(
            error,
            `Could not save the ${noun}`,
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
    if (!draft.trim() || when.error) return;
    if (draft.trim() === note.body && outcome === note.outcome && !when.at) return cancel();
    void send(base.version);
  };
  const startEdit = () => {
    base.setBase(note.version);
    setDraft(note.body);
    logged.reset(note.outcome);
    setEditing(true);
  };
  const cancel = () => {
    base.setBase(null);
    setDraft(note.body);
    logged.reset(note.outcome);
    setEditing(false);
  };
  const handleKeyDown = useSubmitKeys(save, cancel, setDraft);
  const editor = useRef<HTMLTextAreaElement>(null);
  const mention = useMemberMention(editor, draft, setDraft);
  const noun = note.kind;
  const handleDelete = () =>
    remove.mutate(
      { id: note.id },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(`Deleted the ${noun}.`, {
            action: {
              label: "Undo",
              // The note has left the list (and this component) by then: the promise, not mutate's callbacks.
              onClick: () =>
                void restore.mutateAsync({ id: note.id }).then(
                  () => toast.success(`Restored the ${noun}.`),
                  (error: unknown) => toastError(error, `Could not restore the ${noun}`),
                ),
            },
          });
        },
        onError: (error) => toastError(error, `Could not delete the ${noun}`),
      },
    );

  const pinned = Boolean(note.pinnedAt);
  const togglePin = () =>
    pin
      .mutateAsync({ id: note.id, pinned: !pinned })
      .catch((error: unknown) => toastError(error, `Could not ${pinned ? "unpin" : "pin"} the ${noun}`));

  const edited = +note.updatedAt !== +note.createdAt;
  return (
    <li
      className={cn(
        "group rounded-md border border-border bg-surface px-3 py-2",
        pinnedBy !== undefined && "border-l-2 border-l-primary",
      )}
      data-testid="note"
    >
      <div className="flex items-center gap-2 text-xs text-muted">
        {pinnedBy !== undefined && (
          <Pin
            className="size-3.5 shrink-0 fill-current text-primary"
            aria-label={`Pinned by ${pinnedBy}`}
            role="img"
          />
        )}
        {note.kind !== "note" && <LoggedKind kind={note.kind} outcome={note.outcome} />}
        <span className="font-medium text-foreground">{author}</span>
        <RelativeTime date={note.occurredAt} />
        {edited && <span title={`Edited ${formatDateTime(note.updatedAt)}`}>· edited</span>}
        {!editing && (
          <span className="ml-auto flex gap-0.5 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
            <button
              type="button"
              aria-label={`${pinned ? "Unpin" : "Pin"} ${noun}`}
              title={pinned ? "Unpin" : "Pin to the top"}
              disabled={pin.isPending}
              onClick={() => void togglePin()}
              className="rounded p-1 hover:bg-surface-2 hover:text-foreground"
            >
              {pinned ? <PinOff className="size-3.5" aria-hidden /> : <Pin className="size-3.5" aria-hidden />}
            </button>
            <button
              type="button"
              aria-label={`Edit ${noun}`}
              onClick={startEdit}
              className="rounded p-1 hover:bg-surface-2 hover:text-foreground"
            >
              <Pencil className="size-3.5" aria-hidden />
            </button>
            <button
              type="button"
              aria-label={`Delete ${noun}`}
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
            ref={editor}
            data-cell-editor
            aria-label={`Edit ${noun}`}
            autoFocus
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            {...mention.fieldProps}
            onKeyDown={(event) => mention.keyDown(event) || handleKeyDown(event)}
            className="min-h-16! text-[13px]"
          />
          {mention.list}
          <LoggedFields
            kind={note.kind}
            {...logged.fields}
            onEnter={save}
            placeholder={`${formatDateTime(note.occurredAt)}; type to change`}
          />
          <div className="flex items-center justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={cancel}>
              Cancel
            </Button>
            <Button size="sm" onClick={save} pending={update.isPending} disabled={Boolean(when.error)}>
              Save
            </Button>
          </div>
        </div>
      ) : (
        <NoteText text={note.body} mentions={mentionable} className="mt-1 text-[13px] text-foreground" />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete this ${noun}?`}
        description="It leaves the record; the timeline keeps a line saying it was deleted."
        confirmLabel={`Delete ${noun}`}
        pending={remove.isPending}
        onConfirm={handleDelete}
      />
    </li>
  );
}

/** A record's notes and logged calls, meetings and emails in its side panel: write or log one (Cmd/Ctrl+Enter), edit inline, delete. */
export function RecordNotes({ object, recordId }: { object: RecordObject; recordId: string | null }) {
  const notes = useInfiniteQuery({
    ...trpc.notes.list.infiniteQueryOptions(
      { recordId: recordId ?? "" },
      { getNextPageParam: (page) => (page.length < NOTES_LISTED ? undefined : page[page.length - 1].id) },
    ),
    enabled: recordId !== null,
  });
  const listed = notes.data?.pages.flat();
  const pinned = useQuery({
    ...trpc.notes.pinned.queryOptions({ recordId: recordId ?? "" }),
    enabled: recordId !== null,
  });
  // Shown once, among the pinned: a note pinned or unpinned a moment ago may be in both reads until both are read again.
  const pinnedIds = new Set(pinned.data?.map((note) => note.id));
  const { who: authorOf, mentionable } = useActorNames();

  return (
    <PanelSection
      title={
        listed?.length ? `Notes & activities · ${listed.length}${notes.hasNextPage ? "+" : ""}` : "Notes & activities"
      }
    >
      {recordId && (
        <div className="space-y-3" data-testid="record-notes">
          <Composer key={recordId} object={object} recordId={recordId} />
          {pinned.data && pinned.data.length > 0 && (
            <section aria-label="Pinned" data-testid="pinned-notes" className="space-y-2">
              <h3 className="flex items-center gap-1.5 text-xs font-medium text-muted">
                <Pin className="size-3.5" aria-hidden />
                Pinned
              </h3>
              <ul className="space-y-2">
                {pinned.data.map((note) => (
                  <NoteItem
                    key={note.id}
                    note={note}
                    object={object}
                    author={authorOf(note.createdBy)}
                    pinnedBy={authorOf(note.pinnedBy ?? "")}
                    mentionable={mentionable}
                  />
                ))}
              </ul>
            </section>
          )}
          {notes.isError && !notes.isFetchNextPageError ? (
            <ErrorState message={notes.error.message} onRetry={() => void notes.refetch()} />
          ) : !listed ? (
            <Skeleton className="h-12 w-full" />
          ) : (
            listed.length > 0 && (
              <>
                <ul className="space-y-2">
                  {listed
                    .filter((note) => !pinnedIds.has(note.id))
                    .map((note) => (
                      <NoteItem
                        key={note.id}
                        note={note}
                        object={object}
                        author={authorOf(note.createdBy)}
                        mentionable={mentionable}
                      />
                    ))}
                </ul>
                <NextPageButton
                  pages={notes}
                  label="Show older"
                  failed="Could not load older notes"
                  testId="older-notes"
                />
              </>
            )
          )}
        </div>
      )}
    </PanelSection>
  );
}
