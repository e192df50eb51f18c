import { TRPCError } from "@trpc/server";
import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { activities, companies, contacts } from "../../../drizzle";
import { isUniqueViolation } from "../domain/constraint-error";
import { newId } from "../domain/ids";
import { activityRow, diffFields, insertActivity } from "../domain/records/activity";
import { notFound, staleVersionError } from "../domain/records/conflict";
import { contactConfig } from "../domain/records/fields";
import { countChange, listRecords } from "../domain/records/list";
import { normalizeEmail, sortNameOf } from "../domain/records/normalize";
import { checkPropertyValues } from "../domain/records/properties";
import type { Database } from "../db";
import {
  contactCreateInput,
  contactUpdateInput,
  recordIdInput,
  recordIdsInput,
  recordListInput,
} from "../schemas/records";
import { createTRPCRouter, memberProcedure } from "../trpc";

type Contact = typeof contacts.$inferSelect;

async function findContact(db: Database, organizationId: string, id: string, { deleted = false } = {}) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.id, id),
        eq(contacts.organizationId, organizationId),
        deleted ? isNotNull(contacts.deletedAt) : isNull(contacts.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound("contact");
  return row;
}

/** "ann@acme.com already belongs to Ann Lee." when another live contact holds the email. */
async function assertEmailFree(db: Database, organizationId: string, email: string | null, exceptId?: string) {
  if (!email) return;
  const [holder] = await db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(
      and(
        eq(contacts.organizationId, organizationId),
        eq(contacts.primaryEmail, email),
        isNull(contacts.deletedAt),
        exceptId ? ne(contacts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (holder) {
    const name = `${holder.firstName} ${holder.lastName}`.trim() || "another contact";
    throw new TRPCError({
      code: "CONFLICT",
      message: `${email} already belongs to ${name}.`,
      cause: { holderId: holder.id },
    });
  }
}

async function assertCompanyInOrganization(db: Database, organizationId: string, companyId: string | null | undefined) {
  if (!companyId) return;
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.organizationId, organizationId), isNull(companies.deletedAt)))
    .limit(1);
  if (!company) throw notFound("company");
}

function emailClash(error: unknown): boolean {
  return isUniqueViolation(error, "contacts.primary_email");
}

export const contactsRouter = createTRPCRouter({
  list: memberProcedure
    .input(recordListInput)
    .query(({ ctx, input }) => listRecords<Contact>(ctx.db, contactConfig, ctx.org.id, input)),

  get: memberProcedure.input(recordIdInput).query(async ({ ctx, input }) => {
    const contact = await findContact(ctx.db, ctx.org.id, input.id);
    const [company, timeline] = await Promise.all([
      contact.companyId
        ? ctx.db
            .select({ id: companies.id, name: companies.name, domain: companies.domain })
            .from(companies)
            .where(and(eq(companies.id, contact.companyId), eq(companies.organizationId, ctx.org.id)))
            .get()
        : null,
      ctx.db
        .select()
        .from(activities)
        .where(and(eq(activities.organizationId, ctx.org.id), eq(activities.recordId, contact.id)))
        .orderBy(sql`${activities.createdAt} DESC`)
        .limit(100),
    ]);
    return { contact, company: company ?? null, timeline };
  }),

  create: memberProcedure.input(contactCreateInput).mutation(async ({ ctx, input }) => {
    const primaryEmail = normalizeEmail(input.emails[0]);
    await Promise.all([
      assertEmailFree(ctx.db, ctx.org.id, primaryEmail),
      assertCompanyInOrganization(ctx.db, ctx.org.id, input.companyId),
    ]);
    const properties = await checkPropertyValues(ctx.db, ctx.org.id, "contact", input.properties, { creating: true });
    const now = new Date();
    const row = {
      ...input,
      properties,
      id: newId("con"),
      organizationId: ctx.org.id,
      primaryEmail,
      sortName: sortNameOf(input.firstName, input.lastName, primaryEmail),
      createdBy: ctx.uid,
      createdAt: now,
      updatedAt: now,
    };
    try {
      const [[created]] = await ctx.db.batch([
        ctx.db.insert(contacts).values(row).returning(),
        insertActivity(
          ctx.db,
          activityRow({
            organizationId: ctx.org.id,
            object: "contact",
            recordId: row.id,
            kind: "created",
            actorId: ctx.uid,
            at: now,
          }),
        ),
        countChange(ctx.db, ctx.org.id, "contact", 1),
      ]);
      return created;
    } catch (error) {
      if (emailClash(error)) await assertEmailFree(ctx.db, ctx.org.id, primaryEmail);
      throw error;
    }
  }),

  /** Applies `patch` if `version` is still current; a stale version is CONFLICT, never an overwrite. */
  update: memberProcedure.input(contactUpdateInput).mutation(async ({ ctx, input }) => {
    const current = await findContact(ctx.db, ctx.org.id, input.id);
    if (current.version !== input.version) throw await staleVersionError(ctx.db, ctx.org.id, current.id);
    const patch: Partial<Contact> = { ...input.patch } as Partial<Contact>;
    if (input.patch.properties)
      patch.properties = {
        ...current.properties,
        ...(await checkPropertyValues(ctx.db, ctx.org.id, "contact", input.patch.properties, { creating: false })),
      };
    if (input.patch.emails) {
      patch.primaryEmail = normalizeEmail(input.patch.emails[0]);
      await assertEmailFree(ctx.db, ctx.org.id, patch.primaryEmail, current.id);
    }
    if ("companyId" in input.patch) await assertCompanyInOrganization(ctx.db, ctx.org.id, input.patch.companyId);
    const next = { ...current, ...patch };
    patch.sortName = sortNameOf(next.firstName, next.lastName, next.primaryEmail);
    const changes = diffFields(current, patch);
    delete changes.sortName;
    delete changes.primaryEmail;
    if (Object.keys(changes).length === 0) return current;

    const now = new Date();
    const version = current.version + 1;
    try {
      const [[updated]] = await ctx.db.batch([
        ctx.db
          .update(contacts)
          .set({ ...patch, version, updatedAt: now })
          .where(
            and(
              eq(contacts.id, current.id),
              eq(contacts.organizationId, ctx.org.id),
              eq(contacts.version, input.version),
            ),
          )
          .returning(),
        insertActivity(
          ctx.db,
          activityRow({
            organizationId: ctx.org.id,
            object: "contact",
            recordId: current.id,
            kind: "updated",
            actorId: ctx.uid,
            changes,
            at: now,
          }),
        ),
      ]);
      if (!updated) throw await staleVersionError(ctx.db, ctx.org.id, current.id);
      return updated;
    } catch (error) {
      if (emailClash(error)) await assertEmailFree(ctx.db, ctx.org.id, patch.primaryEmail ?? null, current.id);
      throw error;
    }
  }),

  /** Soft delete: the contacts go to the trash, from where `restore` brings them back. */
  delete: memberProcedure.input(recordIdsInput).mutation(async ({ ctx, input }) => {
    const now = new Date();
    const live = await ctx.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.organizationId, ctx.org.id), inArray(contacts.id, input.ids), isNull(contacts.deletedAt)));
    if (live.length === 0) throw notFound("contact");
    const ids = live.map((c) => c.id);
    await ctx.db.batch([
      ctx.db
        .update(contacts)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(contacts.organizationId, ctx.org.id), inArray(contacts.id, ids))),
      ...ids.map((id) =>
        insertActivity(
          ctx.db,
          activityRow({
            organizationId: ctx.org.id,
            object: "contact",
            recordId: id,
            kind: "deleted",
            actorId: ctx.uid,
            at: now,
          }),
        ),
      ),
      countChange(ctx.db, ctx.org.id, "contact", -ids.length),
    ]);
    return { deleted: ids.length };
  }),

  restore: memberProcedure.input(recordIdInput).mutation(async ({ ctx, input }) => {
    const contact = await findContact(ctx.db, ctx.org.id, input.id, { deleted: true });
    await assertEmailFree(ctx.db, ctx.org.id, contact.primaryEmail);
    const now = new Date();
    const [[restored]] = await ctx.db.batch([
      ctx.db
        .update(contacts)
        .set({ deletedAt: null, updatedAt: now, version: contact.version + 1 })
        .where(and(eq(contacts.id, contact.id), eq(contacts.organizationId, ctx.org.id)))
        .returning(),
      insertActivity(
        ctx.db,
        activityRow({
          organizationId: ctx.org.id,
          object: "contact",
          recordId: contact.id,
          kind: "restored",
          actorId: ctx.uid,
          at: now,
        }),
      ),
      countChange(ctx.db, ctx.org.id, "contact", 1),
    ]);
    return restored;
  }),
});
