import type { z } from "zod";
import type { TaggedObject } from "../../../drizzle";
import { bulkUpdate } from "../domain/records/bulk";
import { dismissDuplicate, undismissDuplicate, type DuplicatesReader } from "../domain/records/duplicates";
import type { ObjectConfig } from "../domain/records/fields";
import { heldKeys, importMatches, importRecords, type ImportObject } from "../domain/records/import-records";
import { listRecords, recordsById } from "../domain/records/list";
import { mergeRecords } from "../domain/records/merge";
import { importBatchInput, importHeldKeysInput, importMatchesInput } from "../schemas/imports";
import {
  bulkUpdateInput,
  recordBulkIdsInput,
  recordBulkPageInput,
  dismissDuplicateInput,
  duplicatePairsInput,
  mergeInput,
  recordListInput,
} from "../schemas/records";
import { keyed } from "../schemas/write-key";
import { memberProcedure, memberReadProcedure } from "../trpc";

type DuplicatePairs<Page> = (reader: DuplicatesReader, input: z.output<typeof duplicatePairsInput>) => Promise<Page>;

/**
 * The procedures every record object answers alike, given what tells the object apart: the list, its duplicate pairs
 * and their dismissal, bulk edits, merge, and CSV import. Each router adds what is its own (get, create, update,
 * delete and restore, whose unique keys and related records differ). Deals take the same.
 */
export function recordProcedures<Config extends ObjectConfig, Pairs>({
  object,
  config,
  importObject,
  duplicatePairs,
}: {
  object: TaggedObject;
  config: Config;
  importObject: ImportObject;
  duplicatePairs: DuplicatePairs<Pairs>;
}) {
  return {
    /** One D1 round trip: the membership check rides in the list's batch. */
    list: memberReadProcedure.input(recordListInput).query(({ ctx, input }) => listRecords(ctx, config, input)),

    /** A view's records, MAX_BULK_PAGE at a time and no total: the pages of an export or of "select all". */
    bulkPage: memberReadProcedure
      .input(recordBulkPageInput)
      .query(({ ctx, input }) => listRecords(ctx, config, input, { count: false })),

    /**
     * The live records among up to MAX_BULK_PAGE ids, every field, in the order given: an export of a selection. A read,
     * sent as a mutation only so that it goes by POST: 2,000 ids do not fit in an address.
     */
    byIds: memberReadProcedure
      .input(recordBulkIdsInput)
      .mutation(({ ctx, input }) => recordsById(ctx, config, input.ids)),

    /** The organization's possible duplicates, two by two: what "Find duplicates" lists. */
    duplicatePairs: memberReadProcedure
      .input(duplicatePairsInput)
      .query(({ ctx, input }) => duplicatePairs(ctx, input)),

    /** Two records someone says are not the same: neither list nor panel offers the pair again. */
    dismissDuplicate: memberProcedure
      .input(dismissDuplicateInput)
      .mutation(({ ctx, input }) => dismissDuplicate(ctx.db, object, ctx.org.id, ctx.uid, input.ids)),

    /** Undo of dismissDuplicate: the pair is offered again. */
    undismissDuplicate: memberProcedure
      .input(dismissDuplicateInput)
      .mutation(({ ctx, input }) => undismissDuplicate(ctx.db, object, ctx.org.id, input.ids)),

    /** Assign, tag, untag or set a property on many records at once. */
    bulkUpdate: memberProcedure
      .input(keyed(bulkUpdateInput))
      .mutation(({ ctx, input }) => bulkUpdate(ctx.db, config, ctx.org.id, ctx.uid, input)),

    /** Folds one record into another: timeline, tasks, notes (and a company's contacts) move to the survivor. */
    merge: memberProcedure
      .input(keyed(mergeInput))
      .mutation(({ ctx, input }) => mergeRecords(ctx.db, config, ctx.org.id, ctx.uid, input)),

    /** For an import's preview: the live record each mapped row's unique key (email, domain) already names, or null. */
    importMatches: memberProcedure
      .input(importMatchesInput)
      .query(({ ctx, input }) => importMatches(ctx.db, importObject, ctx.org.id, input.rows)),

    /**
     * For an import's whole-file check: which of a file's emails or domains (≤ 5,000) a live record already holds. A
     * read, sent as a mutation only so that it goes by POST: so many keys do not fit in an address.
     */
    importHeldKeys: memberProcedure
      .input(importHeldKeysInput)
      .mutation(({ ctx, input }) => heldKeys(ctx.db, importObject, ctx.org.id, input.keys)),

    /** One batch (≤ 100 rows) of a CSV import; duplicates by the object's unique key. */
    import: memberProcedure
      .input(importBatchInput)
      .mutation(({ ctx, input }) => importRecords(ctx.db, importObject, ctx.org.id, ctx.uid, input)),
  };
}
