import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { and, asc, eq, isNull } from "drizzle-orm";
import { companies, contacts } from "../../../drizzle";
import { assertMember } from "../domain/members";
import { diffFields } from "../domain/records/activity";
import { companyNamesIn, companyNamesQuery } from "../domain/records/company-names";
import { notFound } from "../domain/records/conflict";
import { companyConfig, contactCardColumns } from "../domain/records/fields";
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
import { companyDuplicates, companyDuplicatePairs, companyLookAlikes } from "../domain/records/duplicates";
import { DERIVED_COLUMNS, rowCodec, type WithoutDerived } from "../domain/records/row-json";
import { isValidDomain, normalizeDomain } from "../domain/records/normalize";
import { checkPropertyValues } from "../domain/records/properties";
import {
  assertParentCompany,
  groupIdsQuery,
  SUBSIDIARIES_LIMIT,
  subsidiariesQuery,
} from "../domain/records/parent-company";
import { companyCreateInput, companyUpdateInput, recordIdInput, recordIdsInput } from "../schemas/records";
import { createTRPCRouter, memberProcedure, memberReadProcedure } from "../trpc";
import { recordProcedures } from "./record-procedures";
import { companyImport } from "../domain/records/import-records";
import { cellsNamingStored } from "../domain/records/import-parents";
import { importCompanyCellsInput } from "../schemas/imports";
import { assertKeyFree, companyDomainKey, rethrowKeyClash } from "../domain/records/unique-key";
import { keyed } from "../schemas/write-key";
import { answerOnce, updateOnce } from "../domain/write-keys";

type Company = WithoutDerived<typeof companies.$inferSelect>;

/** How many of a company's contacts its page shows. */
export const COMPANY_CONTACTS_LIMIT = 200;

/** "HTTPS://www.Acme.com/about" → "acme.com"; BAD_REQUEST when what is left is not a domain ("https://"). */
function domainOf(value: string | null | undefined): string | null {
  const domain = normalizeDomain(value);
  if (value?.trim() && !(domain && isValidDomain(domain)))
    throw new TRPCError({ code: "BAD_REQUEST", message: "Enter a domain like acme.com." });
  return domain;
}

export const companiesRouter = createTRPCRouter({
  ...recordProcedures({
    object: "company",
    config: companyConfig,
    importObject: companyImport,
    duplicatePairs: companyDuplicatePairs,
  }),

  /**
   * For a companies import's whole-file check: which Parent company cells (≤ 5,000) name a live company here; the
   * others must name a row of the file. A read sent as a mutation, by POST, as importHeldKeys.
   */
  importParentCells: memberProcedure
    .input(importCompanyCellsInput)
    .mutation(({ ctx, input }) => cellsNamingStored(ctx.db, ctx.org.id, input.cells)),

  /**
   * The company, its live contacts (by name, up to COMPANY_CONTACTS_LIMIT) and its timeline: one D1
   * round trip with the membership check.
   */
  get: memberReadProcedure.input(recordIdInput).query(async ({ ctx, input }) => {
    const codec = rowCodec<Company>(companies, DERIVED_COLUMNS);
    const company = ctx.db
      .select({
        record: codec.select,
        peopleCount: companyConfig.listColumns.peopleCount.sql,
        parentCompanyName: companyConfig.listColumns.parentCompanyName.sql,
      })
      .from(companies)
      .where(and(eq(companies.id, input.id), eq(companies.organizationId, ctx.orgScope), isNull(companies.deletedAt)));
    const people = ctx.db
      .select(contactCardColumns)
      .from(contacts)
      .where(
        and(eq(contacts.organizationId, ctx.orgScope), eq(contacts.companyId, input.id), isNull(contacts.deletedAt)),
      )
      .orderBy(asc(contacts.sortName), asc(contacts.id))
      .limit(COMPANY_CONTACTS_LIMIT);
    const { results } = await ctx.readAsMember([
      company,
      people,
      timelineOf(ctx.db, ctx.orgScope, input.id),
      subsidiariesQuery(ctx.db, ctx.orgScope, input.id),
    ]);
    const [row] = results[0] as { record: string; peopleCount: number; parentCompanyName: string | null }[];
    if (!row) throw notFound("company");
    const { items: timeline, more: olderActivity } = timelinePage(results[2]);
    const subsidiaries = results[3] as Awaited<ReturnType<typeof subsidiariesQuery>>;
    return {
      company: { ...codec.decode(row.record), peopleCount: row.peopleCount, parentCompanyName: row.parentCompanyName },
      contacts: results[1] as Awaited<typeof people>,
      subsidiaries: subsidiaries.slice(0, SUBSIDIARIES_LIMIT),
      moreSubsidiaries: subsidiaries.length > SUBSIDIARIES_LIMIT,
      timeline,
      olderActivity,
      companyNames: await companyNamesIn(ctx.db, ctx.orgScope, timeline),
    };
  }),

  /**
   * The ids of a live company and of every company below it, however far down (GROUP_IDS_LIMIT at most): the ones its
   * Parent company picker leaves out, as the server refuses them.
   */
  groupIds: memberReadProcedure.input(recordIdInput).query(async ({ ctx, input }) => {
    const { results } = await ctx.readAsMember([groupIdsQuery(ctx.db, ctx.orgScope, input.id)]);
    const group = results[0] as { id: string; live: number }[];
    if (group[0]?.id !== input.id || !group[0].live) throw notFound("company");
    return group.map((company) => company.id);
  }),

  /** Names by id, for what names companies by id (a "Company is …" filter of a saved view). */
  names: memberReadProcedure
    .input(recordIdsInput.extend({ ids: recordIdsInput.shape.ids.max(100) }))
    .query(async ({ ctx, input }) => {
      const { results } = await ctx.readAsMember([companyNamesQuery(ctx.db, ctx.orgScope, input.ids)]);
      return results[0] as { id: string; name: string }[];
    }),

  /** Live companies that may be the same company (see companyDuplicates): what the panel offers to merge. */
  duplicates: memberReadProcedure.input(recordIdInput).query(({ ctx, input }) => companyDuplicates(ctx, input.id)),

  /** Live companies a name typed for a new one looks like ("Acme Inc" when Acme exists): what its form warns of. */
  lookAlikes: memberReadProcedure
    .input(z.object({ name: z.string().trim().min(1).max(200) }))
    .query(({ ctx, input }) => companyLookAlikes(ctx, input.name)),

  /** Once per `key`: sent again, the company it made (see createRecordOnce). */
  create: memberProcedure.input(keyed(companyCreateInput)).mutation(({ ctx, input: { key, ...input } }) => {
    const domain = domainOf(input.domain);
    return createRecordOnce(ctx, companyConfig, key, companyDomainKey, domain, async () => {
      await Promise.all([
        assertKeyFree(ctx.db, companyDomainKey, ctx.org.id, domain),
        assertMember(ctx.db, ctx.org.id, input.ownerId),
        assertParentCompany(ctx.db, ctx.org.id, null, input.parentCompanyId),
      ]);
      const properties = await checkPropertyValues(ctx.db, ctx.org.id, "company", input.properties, { creating: true });
      return { ...input, domain, properties };
    });
  }),

  /** Applies `patch` if `version` is still current; a stale version is CONFLICT, never an overwrite. */
  update: memberProcedure.input(keyed(companyUpdateInput)).mutation(({ ctx, input: { key, ...input } }) =>
    updateOnce(
      ctx.db,
      ctx.org.id,
      key,
      () => findRecord(ctx, companyConfig, input.id),
      async (remember) => {
        const { current, patch } = await startUpdate(ctx, companyConfig, input);
        if ("domain" in patch) {
          patch.domain = domainOf(patch.domain);
          await assertKeyFree(ctx.db, companyDomainKey, ctx.org.id, patch.domain, current.id);
        }
        // Only a new owner: a record whose owner has left can still be edited.
        if (patch.ownerId !== current.ownerId) await assertMember(ctx.db, ctx.org.id, patch.ownerId);
        if ("parentCompanyId" in patch && patch.parentCompanyId !== current.parentCompanyId)
          await assertParentCompany(ctx.db, ctx.org.id, current.id, patch.parentCompanyId);
        const changes = diffFields(current, patch);
        if (Object.keys(changes).length === 0) return current;
        try {
          return await updateRecord(ctx, companyConfig, current.id, input.version, patch, changes, [], remember);
        } catch (error) {
          return rethrowKeyClash(error, ctx.db, companyDomainKey, ctx.org.id, patch.domain ?? null, current.id);
        }
      },
    ),
  ),

  /** Soft delete: the companies go to the trash (their contacts keep the link for a restore). */
  delete: memberProcedure
    .input(keyed(recordIdsInput))
    .mutation(({ ctx, input: { key, ids } }) =>
      answerOnce<{ deleted: number }>(ctx.db, ctx.org.id, key, (remember) =>
        softDeleteRecords(ctx, companyConfig, ids, [], remember),
      ),
    ),

  restore: memberProcedure.input(recordIdInput).mutation(async ({ ctx, input }) => {
    const company = await findRecord(ctx, companyConfig, input.id, { deleted: true });
    await assertKeyFree(ctx.db, companyDomainKey, ctx.org.id, company.domain);
    try {
      return await restoreRecord(ctx, companyConfig, company.id);
    } catch (error) {
      return rethrowKeyClash(error, ctx.db, companyDomainKey, ctx.org.id, company.domain);
    }
  }),

  /** Many companies back from the trash at once; one whose domain a live company holds stays there, refused. */
  restoreMany: memberProcedure
    .input(keyed(recordIdsInput))
    .mutation(({ ctx, input: { key, ids } }) =>
      answerOnce<RestoreResult>(ctx.db, ctx.org.id, key, (remember) =>
        restoreRecords(ctx, companyConfig, companyDomainKey, ids, undefined, remember),
      ),
    ),
});
