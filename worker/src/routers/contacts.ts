import { TRPCError } from "@trpc/server";
import { and, eq, isNull } from "drizzle-orm";
import { companies, contacts } from "../../../drizzle";
import { assertMember } from "../domain/members";
import { diffFields } from "../domain/records/activity";
import { companiesOf, companyActivityRefresh } from "../domain/records/company-activity";
import { companyNamesIn } from "../domain/records/company-names";
import { notFound } from "../domain/records/conflict";
import { contactConfig } from "../domain/records/fields";
import { assertLiveRecord } from "../domain/records/live-record";
import {
  createRecordOnce,
  findRecord,
  startUpdate,
  restoreRecord,
  restoreRecords,
  type RestoreResult,
  softDeleteRecords,
  timelineOf,
  timelinePage,
  updateRecord,
} from "../domain/records/lifecycle";
import { contactDuplicates, contactDuplicatePairs, contactEmailHolders } from "../domain/records/duplicates";
import { DERIVED_COLUMNS, rowCodec, type WithoutDerived } from "../domain/records/row-json";
import { normalizeEmail, sortNameOf } from "../domain/records/normalize";
import { checkPropertyValues } from "../domain/records/properties";
import {
  contactCreateInput,
  contactUpdateInput,
  EMPTY_CONTACT_MESSAGE,
  emailHoldersInput,
  recordIdInput,
  recordIdsInput,
} from "../schemas/records";
import { createTRPCRouter, memberProcedure, memberReadProcedure } from "../trpc";
import { recordProcedures } from "./record-procedures";
import { contactImport, refusedCompanyCells } from "../domain/records/import-records";
import { importCompanyCellsInput } from "../schemas/imports";
import { assertKeyFree, contactEmailKey, rethrowKeyClash } from "../domain/records/unique-key";
import { keyed } from "../schemas/write-key";
import { answerOnce, updateOnce } from "../domain/write-keys";

type Contact = WithoutDerived<typeof contacts.$inferSelect>;

export const contactsRouter = createTRPCRouter({
  ...recordProcedures({
    object: "contact",
    config: contactConfig,
    importObject: contactImport,
    duplicatePairs: contactDuplicatePairs,
  }),

  /**
   * For a contacts import's whole-file check: which Company cells (≤ 5,000) the import would refuse, and why (a name
   * several companies here have). A read sent as a mutation, by POST, as importHeldKeys.
   */
  importCompanyCells: memberProcedure
    .input(importCompanyCellsInput)
    .mutation(({ ctx, input }) => refusedCompanyCells(ctx.db, ctx.org.id, input.cells)),

  /**
   * The contact (with companyName, as its list rows have it), its company and its timeline: one D1
   * round trip with the membership check.
   */
  get: memberReadProcedure.input(recordIdInput).query(async ({ ctx, input }) => {
    const codec = rowCodec<Contact>(contacts, DERIVED_COLUMNS);
    const contact = ctx.db
      .select({
        record: codec.select,
        liveCompanyName: contactConfig.listColumns.companyName.sql,
        companyId: companies.id,
        companyName: companies.name,
        domain: companies.domain,
      })
      .from(contacts)
      .leftJoin(
        companies,
        and(eq(companies.id, contacts.companyId), eq(companies.organizationId, contacts.organizationId)),
      )
      .where(and(eq(contacts.id, input.id), eq(contacts.organizationId, ctx.orgScope), isNull(contacts.deletedAt)));
    const { results } = await ctx.readAsMember([contact, timelineOf(ctx.db, ctx.orgScope, input.id)]);
    const [row] = results[0] as {
      record: string;
      liveCompanyName: string | null;
      companyId: string | null;
      companyName: string;
      domain: string | null;
    }[];
    if (!row) throw notFound("contact");
    const { items: timeline, more: olderActivity } = timelinePage(results[1]);
    return {
      contact: { ...codec.decode(row.record), companyName: row.liveCompanyName },
      company: row.companyId ? { id: row.companyId, name: row.companyName, domain: row.domain } : null,
      timeline,
      olderActivity,
      companyNames: await companyNamesIn(ctx.db, ctx.orgScope, timeline),
    };
  }),

  /** Live contacts that may be the same contact (see contactDuplicates): what the panel offers to merge. */
  duplicates: memberReadProcedure.input(recordIdInput).query(({ ctx, input }) => contactDuplicates(ctx, input.id)),

  /** Live contacts holding an email, any of theirs (see contactEmailHolders): what a new contact's form warns of. */
  emailHolders: memberReadProcedure
    .input(emailHoldersInput)
    .query(({ ctx, input }) => contactEmailHolders(ctx, input.email)),

  /** Once per `key`: sent again, the contact it made (see createRecordOnce). */
  create: memberProcedure.input(keyed(contactCreateInput)).mutation(({ ctx, input: { key, ...input } }) => {
    const primaryEmail = normalizeEmail(input.emails[0]);
    return createRecordOnce(ctx, contactConfig, key, contactEmailKey, primaryEmail, async () => {
      await Promise.all([
        assertKeyFree(ctx.db, contactEmailKey, ctx.org.id, primaryEmail),
        input.companyId ? assertLiveRecord(ctx.db, ctx.org.id, "company", input.companyId) : undefined,
        assertMember(ctx.db, ctx.org.id, input.ownerId),
      ]);
      const properties = await checkPropertyValues(ctx.db, ctx.org.id, "contact", input.properties, { creating: true });
      return {
        ...input,
        properties,
        primaryEmail,
        sortName: sortNameOf(input.firstName, input.lastName, primaryEmail),
      };
    });
  }),

  /** Applies `patch` if `version` is still current; a stale version is CONFLICT, never an overwrite. */
  update: memberProcedure.input(keyed(contactUpdateInput)).mutation(({ ctx, input: { key, ...input } }) =>
    updateOnce(
      ctx.db,
      ctx.org.id,
      key,
      () => findRecord(ctx, contactConfig, input.id),
      async (remember) => {
        const { current, patch } = await startUpdate(ctx, contactConfig, input);
        if (input.patch.emails) {
          patch.primaryEmail = normalizeEmail(input.patch.emails[0]);
          await assertKeyFree(ctx.db, contactEmailKey, ctx.org.id, patch.primaryEmail, current.id);
        }
        if (patch.companyId) await assertLiveRecord(ctx.db, ctx.org.id, "company", patch.companyId);
        // Only a new owner: a record whose owner has left can still be edited.
        if (patch.ownerId !== current.ownerId) await assertMember(ctx.db, ctx.org.id, patch.ownerId);
        const next = { ...current, ...patch };
        if (!next.firstName && !next.lastName && !next.primaryEmail)
          throw new TRPCError({ code: "BAD_REQUEST", message: EMPTY_CONTACT_MESSAGE });
        patch.sortName = sortNameOf(next.firstName, next.lastName, next.primaryEmail);
        const changes = diffFields(current, patch);
        delete changes.sortName;
        delete changes.primaryEmail;
        if (Object.keys(changes).length === 0) return current;
        try {
          // A contact joining or leaving a company moves both companies' last activity.
          const companiesMoved =
            "companyId" in changes
              ? companyActivityRefresh(ctx.db, ctx.org.id, [current.companyId, next.companyId])
              : [];
          return await updateRecord(
            ctx,
            contactConfig,
            current.id,
            input.version,
            patch,
            changes,
            companiesMoved,
            remember,
          );
        } catch (error) {
          return rethrowKeyClash(error, ctx.db, contactEmailKey, ctx.org.id, next.primaryEmail, current.id);
        }
      },
    ),
  ),

  /** Soft delete: the contacts go to the trash, from where `restore` brings them back. */
  delete: memberProcedure
    .input(keyed(recordIdsInput))
    .mutation(({ ctx, input: { key, ids } }) =>
      answerOnce<{ deleted: number }>(ctx.db, ctx.org.id, key, (remember) =>
        softDeleteRecords(
          ctx,
          contactConfig,
          ids,
          companyActivityRefresh(ctx.db, ctx.org.id, companiesOf(ctx.db, ctx.org.id, ids)),
          remember,
        ),
      ),
    ),

  restore: memberProcedure.input(recordIdInput).mutation(async ({ ctx, input }) => {
    const contact = await findRecord(ctx, contactConfig, input.id, { deleted: true });
    await assertKeyFree(ctx.db, contactEmailKey, ctx.org.id, contact.primaryEmail);
    try {
      return await restoreRecord(
        ctx,
        contactConfig,
        contact.id,
        companyActivityRefresh(ctx.db, ctx.org.id, [contact.companyId]),
      );
    } catch (error) {
      return rethrowKeyClash(error, ctx.db, contactEmailKey, ctx.org.id, contact.primaryEmail);
    }
  }),

  /** Many contacts back from the trash at once; one whose email a live contact holds stays there, refused. */
  restoreMany: memberProcedure
    .input(keyed(recordIdsInput))
    .mutation(({ ctx, input: { key, ids } }) =>
      answerOnce<RestoreResult>(ctx.db, ctx.org.id, key, (remember) =>
        restoreRecords(
          ctx,
          contactConfig,
          contactEmailKey,
          ids,
          (restored) => companyActivityRefresh(ctx.db, ctx.org.id, companiesOf(ctx.db, ctx.org.id, restored)),
          remember,
        ),
      ),
    ),
});
