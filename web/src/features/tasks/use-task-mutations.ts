import { useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { useCallback } from "react";
import { fieldErrorsOf } from "../../lib/field-errors";
import { useKeyedMutation } from "../../lib/use-keyed-mutation";
import { toast, toastError } from "../../lib/toast";
import { isStale, saveAgainLabel } from "../../lib/trpc-errors";
import { trpc } from "../../lib/trpc";
import { MAX_BULK_TASKS } from "../../../../worker/src/schemas/tasks";
import { formatDue } from "./due-format";
import { nextOccurrence, repeatPatch, repeatPhrase, type TaskRepeat } from "./repeat-options";
import { logLabel, logOf, useLogTask, type LoggableTask } from "./log-task";
import { priorityLabels } from "./priority-marker";
import { aTaskType, type TaskType } from "./task-type";
import type { LinkedRecord, Task, TaskPatch, TaskPriority, TaskRow } from "./task-types";
import { refreshFavorites } from "../favorites/use-favorites";

const listFilter = () => trpc.tasks.list.pathFilter();

/**
 * Reads the task lists again, the team's recent activity, which tells of tasks on records, and the
 * records on screen (lists and an open panel, the favorites), whose Next task and timeline a linked task changes (the
 * others when next shown). Once the write has landed: a record read while it is on its way would miss it.
 */
function refreshLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries(listFilter());
  void queryClient.invalidateQueries(trpc.tasks.get.pathFilter());
  void queryClient.invalidateQueries(trpc.tasks.dueCount.pathFilter());
  void queryClient.invalidateQueries(trpc.timeline.recent.pathFilter());
  void queryClient.invalidateQueries(trpc.contacts.list.pathFilter());
  void queryClient.invalidateQueries(trpc.companies.list.pathFilter());
  void queryClient.invalidateQueries(trpc.contacts.get.pathFilter());
  void queryClient.invalidateQueries(trpc.companies.get.pathFilter());
  // The sidebar marks a favorite whose earliest open task is overdue.
  refreshFavorites(queryClient);
}

const getFilter = () => trpc.tasks.get.pathFilter();

/** The task in every list that holds it, and as read alone (a queue's task). */
function patchCachedRow(queryClient: QueryClient, id: string, change: (row: TaskRow) => TaskRow) {
  queryClient.setQueriesData<TaskRow[]>(listFilter(), (rows) =>
    rows?.map((row) => (row.task.id === id ? change(row) : row)),
  );
  queryClient.setQueriesData<TaskRow>(getFilter(), (row) => (row?.task.id === id ? change(row) : row));
}

function cachedTask(queryClient: QueryClient, id: string): Task | undefined {
  let found: Task | undefined;
  const rows = [
    ...queryClient.getQueriesData<TaskRow[]>(listFilter()).flatMap(([, list]) => list ?? []),
    ...queryClient.getQueriesData<TaskRow>(getFilter()).flatMap(([, row]) => (row ? [row] : [])),
  ];
  for (const row of rows) if (row.task.id === id && (!found || row.task.version > found.version)) found = row.task;
  return found;
}

/**
 * `outdatedVersion`: only for an edit whose value changed while it was being typed (a teammate's save
 * arrived): the version it started from, so the server refuses it rather than overwrite theirs.
 * `version`: the version the edit was made against, so the variables are the procedure's input as
 * they stand (an edit kept offline is sent as such by a later tab, see lib/offline-edits.ts); this
 * tab reads the version again when the edit runs, after the edits queued before it.
 */
type UpdateVariables = {
  id: string;
  version: number | undefined;
  patch: TaskPatch;
  outdatedVersion?: number;
  /** The name of the record a relinking patch links to, shown at once (the server's answer is the task alone). */
  recordName?: string | null;
  /** The change's name, the same each time it is sent (lib/use-keyed-mutation.ts). */
  key?: string;
  /** What to say once it is saved, with an Undo that saves `undo` (see changeWith). */
  said?: Said;
};

/** `log`: a call (email, meeting) just done, which the toast offers to log on its record. */
type Said = { text: string; undo: TaskPatch; undoRecordName?: string | null; log?: LoggableTask };

/** An edit; a typed one says what it `startedFrom`: the task as its editor opened on it. */
type SaveVariables = { id: string; patch: TaskPatch; startedFrom?: Task; recordName?: string | null; said?: Said };

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The version a typed edit must be saved against when a patched field no longer holds what the edit
 * started from. Read from the cache, not from what is rendered (a moment behind after a refetch), and
 * before the edit's own optimistic change goes into it.
 */
function outdatedVersionOf(queryClient: QueryClient, { id, patch, startedFrom }: SaveVariables) {
  const current = startedFrom && cachedTask(queryClient, id);
  if (!startedFrom || !current) return undefined;
  const keys = Object.keys(patch) as (keyof TaskPatch & keyof Task)[];
  return keys.every((key) => sameValue(current[key], startedFrom[key])) ? undefined : startedFrom.version;
}

/**
 * Optimistic task edits. Edits run one after another (one mutation scope) and each reads the
 * task's version from the cache when it runs, so pressing x twice quickly is two clean updates.
 * A refused edit is rolled back with a toast; when a teammate saved first the list is re-read
 * before it shows, and the toast offers "Save mine" (or "Retry" when the request got no answer, even
 * after it was sent again: lib/resend.ts).
 */
export function useTaskUpdate() {
  const queryClient = useQueryClient();
  const { mutationFn, mutationKey } = trpc.tasks.update.mutationOptions();
  const logTask = useLogTask();
  const update = useKeyedMutation({
    mutationKey,
    scope: { id: "tasks.update" },
    mutationFn: ({ id, patch, outdatedVersion, key }: UpdateVariables, context) => {
      const task = cachedTask(queryClient, id);
      if (!task) throw new Error("That task is no longer in the list. Reload and try again.");
      return mutationFn!({ id, version: outdatedVersion ?? task.version, patch, key }, context);
    },
    onMutate: async ({ id, patch, recordName }) => {
      // This task's own read, not another's (a queue reads the next task as this one is completed).
      const ownRead = trpc.tasks.get.queryFilter({ id });
      await Promise.all([queryClient.cancelQueries(listFilter()), queryClient.cancelQueries(ownRead)]);
      const snapshot = [
        ...queryClient.getQueriesData<TaskRow[]>(listFilter()),
        ...queryClient.getQueriesData<TaskRow>(ownRead),
      ];
      patchCachedRow(queryClient, id, ({ task, recordName: shown }) => ({
        task: {
          ...task,
          ...patch,
          completedAt: patch.status === "done" ? new Date() : patch.status === "open" ? null : task.completedAt,
        },
        recordName: patch.recordId === undefined ? shown : patch.recordId === null ? null : (recordName ?? shown),
      }));
      return { snapshot };
    },
    onError: async (error, { id, patch, recordName }, context) => {
      context?.snapshot.forEach(([key, rows]) => queryClient.setQueryData(key, rows));
      // Their version first, so "Save mine" saves over it.
      if (isStale(error)) await queryClient.refetchQueries({ ...listFilter(), type: "active" }).catch(() => undefined);
      const label = saveAgainLabel(error);
      toastError(
        error,
        "Could not update the task",
        label && {
          label,
          onClick: () => update.mutate({ id, patch, recordName, version: cachedTask(queryClient, id)?.version }),
        },
      );
    },
    // The toast is said here, in the mutation's own callback: mutate's callbacks do not run once the row that asked is
    // gone (the last task of a list, completed, leaves the list's empty state in its place).
    onSuccess: (updated, { said }) => {
      patchCachedRow(queryClient, updated.id, (row) => ({ ...row, task: updated }));
      const log = said?.log && logOf(said.log);
      if (said)
        toast.success(said.text, {
          ...(log && { cancel: { label: logLabel(log.kind), onClick: () => logTask(said.log!) } }),
          action: {
            label: "Undo",
            onClick: () =>
              update.mutate({
                id: updated.id,
                patch: said.undo,
                recordName: said.undoRecordName,
                version: cachedTask(queryClient, updated.id)?.version,
              }),
          },
        });
    },
    onSettled: () => {
      // Refetch once the last queued edit lands, so a refetch never undoes an edit still in flight.
      if (queryClient.isMutating({ mutationKey }) === 1) refreshLists(queryClient);
    },
  });
  const { mutate } = update;
  const save = useCallback(
    (variables: SaveVariables, options?: Parameters<typeof mutate>[1]) => {
      const outdatedVersion = outdatedVersionOf(queryClient, variables);
      const version = outdatedVersion ?? cachedTask(queryClient, variables.id)?.version;
      const { id, patch, recordName, said } = variables;
      mutate({ id, patch, outdatedVersion, version, recordName, said }, options);
    },
    [mutate, queryClient],
  );
  return { mutate: save };
}

type TaskUpdate = ReturnType<typeof useTaskUpdate>;

/** A relinking change's record names: the one it links to, and the one Undo links back to. */
type RecordNames = { now: string | null; before: string | null };

/**
 * A change to one task that says what it did in a toast with Undo (which puts back the fields it
 * changed): completing, reopening, rescheduling, reassigning, relinking.
 */
function changeWith(update: TaskUpdate) {
  return (task: Task, patch: TaskPatch, said: string, names?: RecordNames, log?: LoggableTask) => {
    const before = Object.fromEntries(
      Object.keys(patch).map((key) => [key, task[key as keyof TaskPatch]]),
    ) as TaskPatch;
    update.mutate({
      id: task.id,
      patch,
      recordName: names?.now,
      said: { text: said, undo: before, undoRecordName: names?.before, log },
    });
  };
}

/** What completing a task says: with a repeating one, when the next one is due. */
function completedText(task: Task): string {
  const next = nextOccurrence(task);
  return next ? `Completed “${task.title}”: the next one is due ${formatDue(next)}` : `Completed “${task.title}”`;
}

/**
 * Complete or reopen (Undo of a repeating task's completion takes back the next one, while untouched). A call, email or
 * meeting completed offers to log it, unless `logged` already.
 */
function toggleWith(change: ReturnType<typeof changeWith>) {
  return (task: Task, { logged = false } = {}) => {
    const status = task.status === "done" ? "open" : "done";
    if (status === "open") return change(task, { status }, `Reopened “${task.title}”`);
    const { type, recordObject, recordId } = task;
    change(task, { status }, completedText(task), undefined, logged ? undefined : { type, recordObject, recordId });
  };
}

/** Complete or reopen, with an Undo on the toast. */
export function useToggleTask() {
  return toggleWith(changeWith(useTaskUpdate()));
}

export function useTaskCreate() {
  const queryClient = useQueryClient();
  const mutation = useKeyedMutation(
    trpc.tasks.create.mutationOptions({
      onSuccess: () => refreshLists(queryClient),
      onError: (error) => {
        if (!fieldErrorsOf(error).title) toastError(error, "Could not add the task");
      },
    }),
  );
  return mutation;
}

const trashFilter = () => trpc.tasks.trash.pathFilter();

/** Restore from the trash; the task returns to its list. */
export function useTaskRestore() {
  const queryClient = useQueryClient();
  return useKeyedMutation(
    trpc.tasks.restore.mutationOptions({
      onSuccess: (task) => {
        // The trash's pages only (an entry kept from before it was read page by page holds one list).
        queryClient.setQueriesData<InfiniteData<TaskRow[]>>(
          trpc.tasks.trash.infiniteQueryFilter(),
          (trash) =>
            trash && { ...trash, pages: trash.pages.map((rows) => rows.filter((row) => row.task.id !== task.id)) },
        );
        refreshLists(queryClient);
        void queryClient.invalidateQueries(trashFilter());
      },
      onError: (error) => toastError(error, "Could not restore the task"),
    }),
  );
}

/** Delete at once (to the trash), with Undo on the toast. */
export function useTaskDelete() {
  const queryClient = useQueryClient();
  const restore = useTaskRestore();
  return useKeyedMutation(
    trpc.tasks.delete.mutationOptions({
      onSuccess: (task) => {
        queryClient.setQueriesData<TaskRow[]>(listFilter(), (rows) => rows?.filter((row) => row.task.id !== task.id));
        refreshLists(queryClient);
        void queryClient.invalidateQueries(trashFilter());
        toast.success(`Deleted “${task.title}”`, {
          action: {
            label: "Undo",
            onClick: () =>
              restore.mutate({ id: task.id }, { onSuccess: () => toast.success(`Restored “${task.title}”`) }),
          },
        });
      },
      onError: (error) => toastError(error, "Could not delete the task"),
    }),
  );
}

/** Everything a task list and its details panel do to a task, each told in a toast. */
export function useTaskActions() {
  const update = useTaskUpdate();
  const remove = useTaskDelete();
  const change = changeWith(update);
  return {
    toggle: toggleWith(change),
    reschedule: (task: Task, dueAt: Date | null) =>
      dueAt
        ? change(task, { dueAt }, `“${task.title}” is due ${formatDue(dueAt)}`)
        : // Without a date it cannot repeat: said here, so Undo brings the repeat back with the date.
          change(
            task,
            { dueAt, ...(task.repeat && repeatPatch(null)) },
            task.repeat ? `“${task.title}” has no due date and no longer repeats` : `“${task.title}” has no due date`,
          ),
    repeat: (task: Task, repeat: TaskRepeat | null) =>
      change(
        task,
        repeatPatch(repeat),
        repeat ? `“${task.title}” repeats ${repeatPhrase(repeat, task.dueAt)}` : `“${task.title}” no longer repeats`,
      ),
    assign: (task: Task, assignee: { id: string; name: string } | null) =>
      change(
        task,
        { assigneeId: assignee?.id ?? null },
        assignee ? `Assigned “${task.title}” to ${assignee.name}` : `“${task.title}” is unassigned`,
      ),
    relink: ({ task, recordName }: TaskRow, record: LinkedRecord | null) =>
      change(
        task,
        { recordObject: record?.object ?? null, recordId: record?.id ?? null },
        record ? `Linked “${task.title}” to ${record.name}` : `“${task.title}” is no longer linked`,
        { now: record?.name ?? null, before: recordName },
      ),
    retype: (task: Task, type: TaskType) => change(task, { type }, `“${task.title}” is now ${aTaskType(type)}`),
    prioritize: (task: Task, priority: TaskPriority) =>
      change(task, { priority }, `“${task.title}” is now ${priorityLabels[priority].toLowerCase()} priority`),
    /** A quiet edit (title, priority, notes); `startedFrom`: the task as a typed edit began. */
    edit: (task: Task, patch: TaskPatch, startedFrom?: Task) => update.mutate({ id: task.id, patch, startedFrom }),
    remove: (task: Task) => remove.mutate({ id: task.id }),
  };
}

export type BulkPatch = Omit<
  inferInput<typeof trpc.tasks.bulkUpdate>["changes"][number]["patch"],
  "repeat" | "repeatZone"
>;
type BulkChange = inferInput<typeof trpc.tasks.bulkUpdate>["changes"][number];
type BulkVariables = { changes: BulkChange[]; key?: string; said?: { text: string; undo: BulkChange[] } };

/** Each task's values before `patch`, for Undo (a repeat that taking the due date away ends comes back too). */
function undoOf(task: Task, patch: BulkPatch): BulkChange {
  if (patch.deleted !== undefined) return { id: task.id, patch: { deleted: !patch.deleted } };
  const before: BulkChange["patch"] = {};
  if (patch.status !== undefined) before.status = task.status;
  if (patch.dueAt !== undefined) before.dueAt = task.dueAt;
  if (patch.assigneeId !== undefined) before.assigneeId = task.assigneeId;
  if (patch.priority !== undefined) before.priority = task.priority;
  if (patch.type !== undefined) before.type = task.type;
  if (patch.dueAt === null && task.repeat) Object.assign(before, { repeat: task.repeat, repeatZone: task.repeatZone });
  return { id: task.id, patch: before };
}

/** A cached row as a change leaves it (a deleted or restored one leaves the lists: null). */
function changedRow(row: TaskRow, patch: BulkChange["patch"]): TaskRow | null {
  if (patch.deleted !== undefined) return null;
  const { deleted: _, ...fields } = patch;
  const completedAt =
    fields.status === "done"
      ? (row.task.completedAt ?? new Date())
      : fields.status === "open"
        ? null
        : row.task.completedAt;
  return { ...row, task: { ...row.task, ...fields, completedAt } };
}

/**
 * The same change to many tasks (a selection): optimistic, in one write (tasks.bulkUpdate), told in one toast whose
 * Undo puts back each task's own values; refused whole, it is rolled back with the server's reason.
 */
export function useTaskBulk() {
  const queryClient = useQueryClient();
  const { mutationFn, mutationKey } = trpc.tasks.bulkUpdate.mutationOptions();
  const bulk = useKeyedMutation({
    mutationKey,
    scope: { id: "tasks.update" },
    mutationFn: ({ said: _, ...input }: BulkVariables, context) => mutationFn!(input, context),
    onMutate: async ({ changes }) => {
      await queryClient.cancelQueries(listFilter());
      const snapshot = queryClient.getQueriesData<TaskRow[]>(listFilter());
      const patches = new Map(changes.map(({ id, patch }) => [id, patch]));
      queryClient.setQueriesData<TaskRow[]>(listFilter(), (rows) =>
        rows?.flatMap((row) => {
          const patch = patches.get(row.task.id);
          if (!patch) return [row];
          const changed = changedRow(row, patch);
          return changed ? [changed] : [];
        }),
      );
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      context?.snapshot.forEach(([key, rows]) => queryClient.setQueryData(key, rows));
      toastError(error, "Could not change the tasks");
    },
    onSuccess: (_result, { said }) => {
      if (said) toast.success(said.text, { action: { label: "Undo", onClick: () => send(said.undo) } });
    },
    onSettled: () => {
      refreshLists(queryClient);
      void queryClient.invalidateQueries(trashFilter());
    },
  });
  // More than one write takes (a selection of every task shown, after "Show more"): one write per 200, in turn (one
  // mutation scope); the last one says it all, and its Undo puts every one back.
  const send = (changes: BulkChange[], said?: BulkVariables["said"]) => {
    for (let at = 0; at < changes.length; at += MAX_BULK_TASKS) {
      const last = at + MAX_BULK_TASKS >= changes.length;
      bulk.mutate({ changes: changes.slice(at, at + MAX_BULK_TASKS), said: last ? said : undefined });
    }
  };
  return {
    /** `patch` on each of `tasks`, said as `text`. */
    apply: (tasks: Task[], patch: BulkPatch, text: string) =>
      send(
        tasks.map((task) => ({ id: task.id, patch })),
        { text, undo: tasks.map((task) => undoOf(task, patch)) },
      ),
    /** The tasks `ids` to the trash (tasks just added, taken back), said as `text`, with Undo. */
    trash: (ids: string[], text: string) =>
      send(
        ids.map((id) => ({ id, patch: { deleted: true } })),
        { text, undo: ids.map((id) => ({ id, patch: { deleted: false } })) },
      ),
  };
}
