import { z } from "zod";
import { companyConfig, contactConfig } from "../domain/records/fields";
import { planList } from "../domain/records/list";
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
  /** Two first pages without counts (the palette shows none), in one D1 batch with the membership. */
  records: memberReadProcedure.input(searchInput).query(async ({ ctx, input }) => {
    const page = { search: input.query, limit: input.limit, trash: false } as const;
    const contactPlan = planList<ContactHit>(ctx, contactConfig, page, {}, false);
    const companyPlan = planList<CompanyHit>(ctx, companyConfig, page, {}, false);
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
