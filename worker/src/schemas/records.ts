import { z } from "zod";

export const filterOperators = [
  "eq",
  "neq",
  "contains",
  "in",
  "empty",
  "notEmpty",
  "before",
  "after",
  "gt",
  "lt",
] as const;
export type FilterOperator = (typeof filterOperators)[number];

const filterValue = z.union([
  z.string().max(500),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string().max(200), z.number()])).max(100),
]);

export const filterCondition = z.object({
  /** A built-in field name, or `prop:<key>` for a custom property. */
  field: z.string().min(1).max(60),
  operator: z.enum(filterOperators),
  value: filterValue.optional(),
});
export type FilterCondition = z.infer<typeof filterCondition>;

export const recordFilter = z.object({
  combinator: z.enum(["and", "or"]).default("and"),
  conditions: z.array(filterCondition).max(20).default([]),
});
export type RecordFilter = z.infer<typeof recordFilter>;

export const recordSort = z.object({
  field: z.string().min(1).max(60),
  direction: z.enum(["asc", "desc"]).default("asc"),
});
export type RecordSort = z.infer<typeof recordSort>;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const recordListInput = z.object({
  search: z.string().trim().max(200).optional(),
  filter: recordFilter.optional(),
  sort: recordSort.optional(),
  cursor: z.string().max(1000).optional(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** The trash: soft-deleted records instead of live ones. */
  trash: z.boolean().default(false),
});
export type RecordListInput = z.input<typeof recordListInput>;
export type RecordList = z.output<typeof recordListInput>;

export const recordIdInput = z.object({ id: z.string().min(4).max(40) });
export const recordIdsInput = z.object({ ids: z.array(z.string().min(4).max(40)).min(1).max(200) });

const tag = z.string().trim().min(1).max(40);
const url = z.url("Enter a full URL, like https://…").max(500);

/** Custom property values by key; validated against the definitions by the domain layer. */
export const propertyValues = z.record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), z.unknown());

export const contactFields = z.object({
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
  emails: z.array(z.email("Enter a valid email address.").trim().toLowerCase()).max(10).default([]),
  phones: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 ().-]{5,30}$/, "Enter a phone number with digits, spaces or + ( ) . -"),
    )
    .max(10)
    .default([]),
  title: z.string().trim().max(200).nullish(),
  companyId: z.string().max(40).nullish(),
  linkedinUrl: url.nullish(),
  leadStatus: z.enum(["new", "contacted", "qualified", "unqualified", "customer"]).default("new"),
  source: z.string().trim().max(100).nullish(),
  leadScore: z.number().int().min(0).max(1000).default(0),
  ownerId: z.string().max(128).nullish(),
  tags: z.array(tag).max(50).default([]),
  properties: propertyValues.default({}),
});
export const contactCreateInput = contactFields.refine((c) => c.firstName || c.lastName || c.emails.length > 0, {
  message: "Give the contact a name or an email address.",
  path: ["firstName"],
});
export type ContactCreateInput = z.input<typeof contactCreateInput>;
export const contactUpdateInput = z.object({
  id: z.string().min(4).max(40),
  version: z.number().int().min(1),
  patch: contactFields.partial(),
});
export type ContactUpdateInput = z.input<typeof contactUpdateInput>;

export const companyFields = z.object({
  name: z.string().trim().min(1, "Name the company.").max(200),
  domain: z.string().trim().max(253).nullish(),
  industry: z.string().trim().max(100).nullish(),
  size: z.string().trim().max(50).nullish(),
  address: z.string().trim().max(500).nullish(),
  linkedinUrl: url.nullish(),
  ownerId: z.string().max(128).nullish(),
  tags: z.array(tag).max(50).default([]),
  properties: propertyValues.default({}),
});
export const companyCreateInput = companyFields;
export type CompanyCreateInput = z.input<typeof companyCreateInput>;
export const companyUpdateInput = z.object({
  id: z.string().min(4).max(40),
  version: z.number().int().min(1),
  patch: companyFields.partial(),
});
export type CompanyUpdateInput = z.input<typeof companyUpdateInput>;
