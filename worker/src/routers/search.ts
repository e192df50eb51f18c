import { z } from "zod";
import { taggedObjects } from "../../../drizzle";
import { companyConfig, contactConfig } from "../domain/records/fields";
import { planQuickSearch } from "../domain/records/list";
import { contactDisplayName } from "../domain/records/normalize";
import { createTRPCRouter, memberReadProcedure } from "../trpc";

/** What the palette searches: contacts and companies. */
export const searchObjects = taggedObjects;

export const searchInput = z.object({
  query: z.string().trim().min(1).max(200),
  limit: z.number().int().min(1).max(20).default(8),
  /** Which kinds of record to search (a company picker asks for companies only); both by default. */
  objects: z
    .array(z.enum(searchObjects))
    .min(1)
    .max(searchObjects.length)
    .default([...searchObjects]),
});

/** What a hit shows: a contact's name, email, title and company; a company's name and domain. */
const contactFields = ["firstName", "lastName", "primaryEmail", "title", "companyName"] as const;
const companyFields = ["name", "domain"] as const;

/** What the command palette shows as you type: contacts and companies by name, email, domain, title. */
export const searchRouter = createTRPCRouter({
  /**
   * Names that start with the text first, then other matches; one D1 batch with the membership, no
   * counts, one statement per kind asked for. A kind not asked for comes back as an empty list.
   */
  records: memberReadProcedure.input(searchInput).query(async ({ ctx, input }) => {
    const wanted = new Set(input.objects);
    const contactPlan = wanted.has("contact")
      ? planQuickSearch(ctx, contactConfig, input.query, input.limit, contactFields)
      : null;
    const companyPlan = wanted.has("company")
      ? planQuickSearch(ctx, companyConfig, input.query, input.limit, companyFields)
      : null;
    const contactStatements = contactPlan?.statements ?? [];
    const results = await ctx.readRowsAsMember([...contactStatements, ...(companyPlan?.statements ?? [])]);
    const people = contactPlan?.shape(results.slice(0, contactStatements.length)).items ?? [];
    const organizations = companyPlan?.shape(results.slice(contactStatements.length)).items ?? [];
    return {
      contacts: people.map((c) => ({
        id: c.id,
        name: contactDisplayName(c.firstName, c.lastName, c.primaryEmail),
        email: c.primaryEmail,
        title: c.title,
        company: c.companyName,
        nameMatch: c.nameMatch,
      })),
      companies: organizations.map((c) => ({ id: c.id, name: c.name, domain: c.domain, nameMatch: c.nameMatch })),
    };
  }),
});
