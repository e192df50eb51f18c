import { z } from "zod";
import { companyConfig, contactConfig } from "../domain/records/fields";
import { listRecords } from "../domain/records/list";
import { createTRPCRouter, memberProcedure } from "../trpc";

export const searchInput = z.object({
  query: z.string().trim().min(1).max(200),
  limit: z.number().int().min(1).max(20).default(8),
});

/** What the command palette shows as you type: contacts and companies by name, email, domain, title. */
export const searchRouter = createTRPCRouter({
  records: memberProcedure.input(searchInput).query(async ({ ctx, input }) => {
    const page = { search: input.query, limit: input.limit, trash: false } as const;
    const [people, organizations] = await Promise.all([
      listRecords<{
        id: string;
        firstName: string;
        lastName: string;
        primaryEmail: string | null;
        title: string | null;
      }>(ctx.db, contactConfig, ctx.org.id, { ...page, cursor: "" }),
      listRecords<{ id: string; name: string; domain: string | null }>(ctx.db, companyConfig, ctx.org.id, {
        ...page,
        cursor: "",
      }),
    ]);
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
