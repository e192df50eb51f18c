import { z } from "zod";
import { leadStatuses } from "../../../drizzle/values";
import { uniqueIgnoringCase } from "../domain/records/normalize";
import { COMPANY_NAME_MAX } from "../domain/records/cell-problems";
import { isPhoneNumber, PHONE_NUMBER_MESSAGE } from "./phone-number";
import { WEB_ADDRESS_EXAMPLE, webAddress } from "./web-address";
import { singleLineText } from "./text";
import { timeZoneName } from "./time-zone";

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
  "inLastDays",
  "moreThanDaysAgo",
  "inNextDays",
] as const;
export type FilterOperator = (typeof filterOperators)[number];

/** Operators on a date that count days from the caller's today (their value a number of days). */
export const relativeDayOperators = ["inLastDays", "moreThanDaysAgo", "inNextDays"] as const;
export type RelativeDayOperator = (typeof relativeDayOperators)[number];
/** The most days a relative date filter counts: ten years. */
export const MAX_RELATIVE_DAYS = 3650;

export const isRelativeDayOperator = (operator: string): operator is RelativeDayOperator =>
  (relativeDayOperators as readonly string[]).includes(operator);

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

/**
 * An owner condition's value that stands for whoever reads the list ("Owner is Me"): a shared "My contacts" view
 * shows each teammate their own records.
 */
export const VIEWER = "@me";

/** Conditions one list filter holds at most (the filter bar stops offering more). */
export const MAX_FILTER_CONDITIONS = 20;

export const recordFilter = z.object({
  combinator: z.enum(["and", "or"]).default("and"),
  conditions: z.array(filterCondition).max(MAX_FILTER_CONDITIONS).default([]),
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
  /** Whose today a filter counting days from it ("in the last 7 days") starts from; UTC without it. */
  timeZone: timeZoneName.optional(),
  /**
   * The fields each row carries (`id` and `version` always do): a table asks for what its visible
   * columns show. Without it, every field (exports, in-process callers).
   */
  fields: z
    .array(z.string().regex(/^[a-zA-Z]{1,40}$/, "A field name is letters only."))
    .max(60)
    .optional(),
});
export type RecordListInput = z.input<typeof recordListInput>;

/**
 * Records a bulk page holds: what an export or "select all" reads, a view's every match, without a total. A table's
 * page stays at MAX_PAGE_SIZE; a reader of 100,000 records at that size makes 500 requests, most of their time in
 * the trip.
 */
export const MAX_BULK_PAGE = 2000;
export const recordBulkPageInput = recordListInput.extend({
  limit: z.number().int().min(1).max(MAX_BULK_PAGE).default(MAX_BULK_PAGE),
});
export type RecordList = z.output<typeof recordListInput>;

export const recordIdInput = z.object({ id: z.string().min(4).max(40) });
const recordId = recordIdInput.shape.id;
/** The records of a selection an export reads at once (see `byIds`). */
export const recordBulkIdsInput = z.object({ ids: z.array(recordId).min(1).max(MAX_BULK_PAGE) });
export const recordIdsInput = z.object({ ids: z.array(recordId).min(1).max(200) });

const tag = singleLineText().min(1).max(40);
/** A record's tags, each once however capitalised (as bulk tagging and merges compare them). */
const tags = z.array(tag).max(50).transform(uniqueIgnoringCase);
// http(s) only, so a link to it cannot run script; "linkedin.com/in/ann" is stored as https://linkedin.com/in/ann.
const url = z
  .string()
  .max(500)
  .transform((text, ctx) => {
    const address = webAddress(text);
    if (address === null)
      ctx.issues.push({ code: "custom", message: `Enter a web address, like ${WEB_ADDRESS_EXAMPLE}`, input: text });
    return address ?? z.NEVER;
  });
/** Optional text: blank is stored as null, so "is empty" filters and nulls-last sorts agree. */
const optionalText = (max: number) =>
  singleLineText()
    .max(max)
    .nullish()
    .transform((v) => (v === "" ? null : v));
// Trim and lower-case before checking the format, so " Ann@X.com " is accepted as ann@x.com.
const email = z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address."));
const phone = z.string().trim().refine(isPhoneNumber, PHONE_NUMBER_MESSAGE);

/** Custom property values by key; validated against the definitions by the domain layer. */
export const propertyValues = z.record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), z.unknown());

/**
 * Field schemas without defaults: patches are built from these, because zod 4 applies a
 * `.default()` even inside `.partial()`, which would reset every omitted field on update.
 */
const contactShape = {
  firstName: singleLineText().max(100),
  lastName: singleLineText().max(100),
  // Lower-cased as they are checked, so a repeat is an exact one: kept once.
  emails: z
    .array(email)
    .max(10)
    .transform((emails) => [...new Set(emails)]),
  phones: z.array(phone).max(10),
  title: optionalText(200),
  companyId: z.string().max(40).nullish(),
  linkedinUrl: url.nullish(),
  leadStatus: z.enum(leadStatuses),
  source: optionalText(100),
  leadScore: z.number().int().min(0).max(1000),
  ownerId: z.string().max(128).nullish(),
  tags,
  properties: propertyValues,
};

export const contactFields = z.object({
  ...contactShape,
  firstName: contactShape.firstName.default(""),
  lastName: contactShape.lastName.default(""),
  emails: contactShape.emails.default([]),
  phones: contactShape.phones.default([]),
  leadStatus: contactShape.leadStatus.default("new"),
  leadScore: contactShape.leadScore.default(0),
  tags: contactShape.tags.default([]),
  properties: contactShape.properties.default({}),
});
export const EMPTY_CONTACT_MESSAGE = "Give the contact a name or an email address.";
export const contactCreateInput = contactFields.refine((c) => c.firstName || c.lastName || c.emails.length > 0, {
  message: EMPTY_CONTACT_MESSAGE,
  path: ["firstName"],
});
export type ContactCreateInput = z.input<typeof contactCreateInput>;
export const contactPatch = z.object(contactShape).partial();
export const contactUpdateInput = z.object({
  id: z.string().min(4).max(40),
  version: z.number().int().min(1),
  patch: contactPatch,
});
export type ContactUpdateInput = z.input<typeof contactUpdateInput>;

const companyShape = {
  name: singleLineText().min(1, "Name the company.").max(COMPANY_NAME_MAX),
  domain: optionalText(253),
  industry: optionalText(100),
  size: optionalText(50),
  address: optionalText(500),
  linkedinUrl: url.nullish(),
  ownerId: z.string().max(128).nullish(),
  /** One of the organization's live companies, never the company itself or one of its subsidiaries. */
  parentCompanyId: z.string().max(40).nullish(),
  tags,
  properties: propertyValues,
};

/** The fields an update sets besides custom properties: those a change in a record's timeline may put back. */
export const contactPatchFields = Object.keys(contactShape).filter((field) => field !== "properties");
export const companyPatchFields = Object.keys(companyShape).filter((field) => field !== "properties");

export const companyFields = z.object({
  ...companyShape,
  tags: companyShape.tags.default([]),
  properties: companyShape.properties.default({}),
});
export const companyCreateInput = companyFields;
export type CompanyCreateInput = z.input<typeof companyCreateInput>;
export const companyPatch = z.object(companyShape).partial();
export const companyUpdateInput = z.object({
  id: z.string().min(4).max(40),
  version: z.number().int().min(1),
  patch: companyPatch,
});
export type CompanyUpdateInput = z.input<typeof companyUpdateInput>;

/** The built-in fields a bulk edit sets (HubSpot's "bulk edit" of a lead status), each checked as an update checks it. */
export const bulkFieldSchemas = {
  contact: { leadStatus: contactShape.leadStatus, source: contactShape.source },
  company: { industry: companyShape.industry, size: companyShape.size },
} as const;
export const bulkFields = ["leadStatus", "source", "industry", "size"] as const;
export type BulkField = (typeof bulkFields)[number];

export const bulkAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("assign"), ownerId: z.string().min(1).max(128).nullable() }),
  z.object({ type: z.literal("addTag"), tag }),
  z.object({ type: z.literal("removeTag"), tag }),
  z.object({ type: z.literal("setProperty"), key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), value: z.unknown() }),
  z.object({ type: z.literal("setField"), field: z.enum(bulkFields), value: z.string().max(500).nullable() }),
]);
export type BulkAction = z.infer<typeof bulkAction>;
/**
 * Records one bulk edit takes. Its writes are two statements however many records change (the activity rows, then
 * the update), so a thousand take about as long in D1 as a single edit's request takes to arrive.
 */
export const MAX_BULK_UPDATE = 1000;
export const bulkUpdateInput = z.object({
  ids: z.array(z.string().min(4).max(40)).min(1).max(MAX_BULK_UPDATE),
  action: bulkAction,
});

export const mergeInput = z.object({
  /** The record that stays. */
  survivorId: z.string().min(4).max(40),
  survivorVersion: z.number().int().min(1),
  /** The record folded into the survivor and then deleted. */
  mergedId: z.string().min(4).max(40),
});

/** Where a page of duplicate pairs starts: after this pair, in the order the list walks them. */
const duplicatePairCursor = z.object({
  /** Contacts: in the pairs sharing an email (listed first) or a name; without it, a name. */
  reason: z.enum(["email", "name"]).optional(),
  key: z.string().max(400),
  firstId: z.string().min(4).max(40),
  secondId: z.string().min(4).max(40),
});
export const DUPLICATE_PAIRS_PAGE = 20;
export const duplicatePairsInput = z.object({
  cursor: duplicatePairCursor.nullish(),
  limit: z.number().int().min(1).max(50).default(DUPLICATE_PAIRS_PAGE),
});

/** An email, normalised as contacts store theirs: whose is it. */
export const emailHoldersInput = z.object({ email: email.pipe(z.string().max(320)) });

/** Two records someone says are not the same. */
export const dismissDuplicateInput = z
  .object({ ids: z.tuple([z.string().min(4).max(40), z.string().min(4).max(40)]) })
  .refine(({ ids: [a, b] }) => a !== b, { message: "A record is not a duplicate of itself.", path: ["ids"] });
