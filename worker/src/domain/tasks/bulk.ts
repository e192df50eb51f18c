import type { BatchItem } from "drizzle-orm/batch";
import { tasks } from "../../../../drizzle";
import { organizationRowsById, runBatch, type Database } from "../../db";
import type { BulkTaskPatch } from "../../schemas/tasks";
import type { WriteKey } from "../../schemas/write-key";
import { assertMember } from "../members";
import { assertAllFound } from "../records/conflict";
import { settleOnce } from "../write-keys";
import { assignedNotices } from "./assigned";
import { planTaskMove, planTaskUpdate, type Task, type TaskWrite } from "./writes";

/** Writes of a bulk change: the first, then again for tasks a teammate changed meanwhile. */
const BULK_ROUNDS = 3;

export type TaskChange = { id: string; patch: BulkTaskPatch };
/**
 * The tasks written, in the order of the changes (one a change left as it was is not among them). Ids, not tasks: a
 * keyed write's answer is kept as JSON, and the lists are read again after a write anyway.
 */
export type BulkTaskResult = { updated: number; ids: string[] };

/** Where a change finds its task: in the trash to restore it, live for anything else. */
const inPlace = (task: Task, patch: BulkTaskPatch) => (patch.deleted === false) === (task.deletedAt !== null);

/** See tasksRouter.bulkUpdate. */
export function bulkUpdateTasks(
  db: Database,
  organizationId: string,
  actorId: string,
  changes: TaskChange[],
  key?: WriteKey,
): Promise<BulkTaskResult> {
  return settleOnce(
    db,
    organizationId,
    key,
    (remember) => applyTaskChanges(db, organizationId, actorId, changes, remember),
    () => ({ updated: 0, ids: [] }),
  );
}

/**
 * Word to each teammate given tasks by the first round's writes: one notification each, in its batch. Not guarded by
 * each write's own check (one EXISTS and its values a task: a batch of 200 would pass D1's 100 bound values): a task a
 * teammate changed meanwhile is given in a later round all the same.
 */
function reassignedNotices(db: Database, actorId: string, plans: { plan: TaskWrite }[], now: Date) {
  const given = plans.flatMap(({ plan }) => (plan.reassigned ? [plan.reassigned] : []));
  return assignedNotices(db, actorId, given, now, { merge: true });
}

async function applyTaskChanges(
  db: Database,
  organizationId: string,
  actorId: string,
  changes: TaskChange[],
  remember: () => BatchItem<"sqlite">[],
): Promise<BulkTaskResult> {
  const patches = new Map(changes.map(({ id, patch }) => [id, patch]));
  const assignees = new Set(changes.flatMap(({ patch }) => (patch.assigneeId ? [patch.assigneeId] : [])));
  await Promise.all([...assignees].map((assignee) => assertMember(db, organizationId, assignee)));
  const read = async (ids: string[]) =>
    (
      await db
        .select()
        .from(tasks)
        .where(organizationRowsById(tasks, organizationId, ids))
    ).filter((task) => inPlace(task, patches.get(task.id)!));
  const asked = new Map(changes.map(({ id }, index) => [id, index]));
  // In the order asked: a notification names the first task given.
  const found = (await read([...patches.keys()])).sort((a, b) => asked.get(a.id)! - asked.get(b.id)!);
  assertAllFound(found.length, changes.length, ["task", "tasks"]);

  // A task changed between the read and the write is left alone by that write (its version moved), then read again
  // and the change made over what it holds now. Tasks moved out of place meanwhile (deleted, restored) drop out.
  let pending = found;
  const written = new Set<string>();
  for (let round = 0; round < BULK_ROUNDS && pending.length > 0; round++) {
    if (round > 0) pending = await read(pending.map((task) => task.id));
    const now = new Date();
    const plans = pending.flatMap((task) => {
      const patch = patches.get(task.id)!;
      const plan: TaskWrite | null =
        patch.deleted === undefined
          ? planTaskUpdate(db, task, patch, actorId, now)
          : planTaskMove(db, task, patch.deleted ? "deleted" : "restored", actorId, now);
      return plan ? [{ task, plan }] : [];
    });
    // The key goes with the first batch, even one with nothing to change: sent again, it is answered as this.
    const first = round === 0 ? [...remember(), ...reassignedNotices(db, actorId, plans, now)] : [];
    if (plans.length === 0 && first.length === 0) break;
    const results = await runBatch(db, [...first, ...plans.flatMap(({ plan }) => plan.statements)]);
    let at = first.length;
    const missed: Task[] = [];
    for (const { task, plan } of plans) {
      at += plan.statements.length;
      const [write] = results[at - 1] as Task[];
      if (write) written.add(write.id);
      else missed.push(task);
    }
    pending = missed;
  }
  const ids = changes.map(({ id }) => id).filter((id) => written.has(id));
  return { updated: ids.length, ids };
}
