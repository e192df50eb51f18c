import { z } from "zod";
import { companyConfig, contactConfig } from "../domain/records/fields";
import { planQuickSearch } from "../domain/records/list";
import { createTRPCRouter, memberReadProcedure } from "../trpc";

export const searchInput = z.object({
  query: z.string().trim().min(1).max(200),
  limit: z.number().int().min(1).max(20).default(8),
});

type ContactHit = {
  id: string;
  firstName: string;
  lastName: string;
  primaryEmail: string | null;
  title: string | null;
};
type CompanyHit = { id: string; name: string; domain: string | null };

/** What the command palette shows as you type: contacts and companies by name, email, domain, title. */
export const searchRouter = createTRPCRouter({
  /** Names that start with the text first, then other matches; one D1 batch with the membership, no counts. */
  records: memberReadProcedure.input(searchInput).query(async ({ ctx, input }) => {
    const contactPlan = planQuickSearch<ContactHit>(ctx, contactConfig, input.query, input.limit);
    const companyPlan = planQuickSearch<CompanyHit>(ctx, companyConfig, input.query, input.limit);
    const { results } = await ctx.readAsMember([...contactPlan.statements, ...companyPlan.statements]);
    const people = contactPlan.shape(results.slice(0, contactPlan.statements.length));
    const organizations = companyPlan.shape(results.slice(contactPlan.statements.length));
    return {
      contacts: people.items.map((c) => ({
        id: c.id,
        name: `${c.firstName} ${c.lastName}`.trim() || c.primaryEmail || "Unnamed contact",
        email: c.primaryEmail,
        title: c.title,
      })),
      companies: organizations.items.map((c) => ({ id: c.id, name: c.name, domain: c.domain })),
    };
  }),
});
