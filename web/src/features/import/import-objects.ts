import type { z } from "zod";
import {
  rowIssueMessage,
  type ImportBatchInput,
  type ImportBatchResult,
  type ImportMatch,
} from "../../../../worker/src/schemas/imports";
import { companyCreateInput, contactCreateInput, type RecordListInput } from "../../../../worker/src/schemas/records";
import {
  companyNameCellProblem,
  domainCellProblem,
  parentCellProblem,
} from "../../../../worker/src/domain/records/cell-problems";
import { normalizeDomain, normalizeEmail } from "../../../../worker/src/domain/records/normalize";
import type { StoredNamed } from "../../../../worker/src/domain/records/import-parents";
import { trpcClient } from "../../lib/trpc";
import { recordNouns } from "../records/use-record-actions";
import type { ImportTarget } from "./mapping";

type View = Omit<RecordListInput, "cursor" | "limit">;
type Page = { items: { properties: Record<string, unknown> }[]; nextCursor: string | null };

/** What importing and exporting one object needs; the dialog, the batches and the export are shared. */
export type ImportObjectConfig = {
  object: "contact" | "company";
  noun: [singular: string, plural: string];
  targets: ImportTarget[];
  /** The field that finds duplicates, as the dialog names it ("email", "domain"). */
  duplicateKey: string;
  /** A valid mapped row's duplicate key, as the server reads it: what a later row with the same one fills in or skips. */
  keyOf: (row: Record<string, unknown>) => string | null;
  /** A mapped row checked as create would check it, for the preview. */
  check: (row: Record<string, unknown>) => string | null;
  /** How the preview names a mapped row: [name, detail]. */
  describe: (row: Record<string, unknown>) => [string, string];
  send: (input: ImportBatchInput) => Promise<ImportBatchResult>;
  /**
   * For the preview: the record each mapped row's duplicate key already names, and the company a contact row naming
   * none is linked to by its email's domain.
   */
  matches: (rows: Record<string, unknown>[]) => Promise<ImportMatch[]>;
  /** For the whole-file check: which of the file's keys (≤ 5,000) a record here already holds. */
  heldKeys: (keys: string[]) => Promise<string[]>;
  /**
   * For the whole-file check of a companies file: which Parent company cells (≤ 5,000) name companies here, with the
   * domain of each company named.
   */
  parentCells?: (cells: string[]) => Promise<StoredNamed[]>;
  /** For the whole-file check of a contacts file: which Company cells (≤ 5,000) the import refuses, and why. */
  refusedCompanyCells?: (cells: string[]) => Promise<{ cell: string; error: string }[]>;
  /** One bulk page of a view (up to MAX_BULK_PAGE records, no total): for an export, "select all", a copy. */
  listPage: (input: RecordListInput) => Promise<Page>;
  /** The live records among some ids (up to MAX_BULK_PAGE), every field: for an export of a selection. */
  byIds: (ids: string[]) => Promise<{ items: unknown[] }>;
  /** A record's built-in columns in the export (custom properties and dates are added after them). */
  toCsv: (record: never) => Record<string, unknown>;
};

type CheckResult = {
  success: boolean;
  error?: { issues: z.core.$ZodIssue[] };
};

/** A preview row's first problem, worded as the server words a failed row. */
const firstIssue = (targets: ImportTarget[], row: Record<string, unknown>, result: CheckResult): string | null =>
  result.success
    ? null
    : rowIssueMessage(row, result.error?.issues[0], (field) => targets.find((t) => t.field === field)?.label);

const text = (value: unknown) => (typeof value === "string" ? value : "");

type ContactRow = Awaited<ReturnType<typeof trpcClient.contacts.list.query>>["items"][number];
type CompanyRow = Awaited<ReturnType<typeof trpcClient.companies.list.query>>["items"][number];

const tagsTarget: ImportTarget = {
  value: "tags",
  label: "Tags",
  field: "tags",
  kind: "list",
  aliases: ["tags", "labels", "tag"],
};
// A member's email (as the export writes it) or a name one member has; the server finds them.
const ownerTarget: ImportTarget = {
  value: "owner",
  label: "Owner (email or name)",
  field: "owner",
  kind: "text",
  aliases: ["owner", "owner email", "owner name", "contact owner", "company owner", "account owner", "assigned to"],
};

export const contactImport: ImportObjectConfig = {
  object: "contact",
  noun: recordNouns.contact,
  duplicateKey: "email",
  keyOf: (row) => normalizeEmail((row.emails as string[] | undefined)?.[0]),
  targets: [
    {
      value: "firstName",
      label: "First name",
      field: "firstName",
      kind: "text",
      aliases: ["first name", "firstname", "given name", "first"],
    },
    {
      value: "lastName",
      label: "Last name",
      field: "lastName",
      kind: "text",
      aliases: ["last name", "lastname", "surname", "family name", "last"],
    },
    {
      value: "fullName",
      label: "Full name",
      field: "firstName",
      kind: "fullName",
      aliases: ["name", "full name", "contact name", "contact"],
    },
    {
      value: "email",
      label: "Email",
      field: "emails",
      kind: "emails",
      aliases: ["email", "e mail", "email address", "mail", "work email", "emails"],
    },
    {
      value: "phone",
      label: "Phone",
      field: "phones",
      kind: "list",
      aliases: ["phone", "phone number", "mobile", "telephone", "tel", "phones"],
    },
    {
      value: "title",
      label: "Title",
      field: "title",
      kind: "text",
      aliases: ["title", "job title", "position", "role"],
    },
    // Matched to a company by domain, then name (any case, then whatever its legal form), or created. "Company" maps here
    // by itself: it is what LinkedIn's and this app's own exports call it, and a free-text one reads as a company's name.
    {
      value: "company",
      label: "Company (name or domain)",
      field: "company",
      kind: "text",
      aliases: ["company", "company name", "company domain", "account name", "organization", "organisation"],
    },
    {
      value: "leadStatus",
      label: "Lead status",
      field: "leadStatus",
      kind: "lower",
      aliases: ["status", "lead status", "stage"],
    },
    { value: "source", label: "Source", field: "source", kind: "text", aliases: ["source", "lead source", "origin"] },
    { value: "leadScore", label: "Lead score", field: "leadScore", kind: "number", aliases: ["score", "lead score"] },
    tagsTarget,
    ownerTarget,
    {
      value: "linkedinUrl",
      label: "LinkedIn URL",
      field: "linkedinUrl",
      kind: "text",
      aliases: ["linkedin", "linkedin url", "linkedin profile", "url"],
    },
  ],
  check: (row) =>
    firstIssue(contactImport.targets, row, contactCreateInput.safeParse(row)) ??
    companyNameCellProblem("Company", text(row.company).trim()),
  describe: (row) => [
    [text(row.firstName), text(row.lastName)].filter(Boolean).join(" "),
    (row.emails as string[] | undefined)?.[0] ?? "",
  ],
  send: (input) => trpcClient.contacts.import.mutate(input),
  matches: (rows) => trpcClient.contacts.importMatches.query({ rows }),
  heldKeys: (keys) => trpcClient.contacts.importHeldKeys.mutate({ keys }),
  refusedCompanyCells: (cells) => trpcClient.contacts.importCompanyCells.mutate({ cells }),
  listPage: (input) => trpcClient.contacts.bulkPage.query(input),
  byIds: (ids) => trpcClient.contacts.byIds.mutate({ ids }),
  toCsv: (c: ContactRow) => ({
    "First name": c.firstName,
    "Last name": c.lastName,
    Email: c.emails.join("; "),
    Phone: c.phones.join("; "),
    Title: c.title ?? "",
    Company: c.companyName ?? "",
    "Lead status": c.leadStatus,
    "Lead score": c.leadScore,
    Source: c.source ?? "",
    "LinkedIn URL": c.linkedinUrl ?? "",
    Tags: c.tags.join("; "),
  }),
};

export const companyImport: ImportObjectConfig = {
  object: "company",
  noun: recordNouns.company,
  duplicateKey: "domain",
  keyOf: (row) => normalizeDomain(text(row.domain)),
  targets: [
    {
      value: "name",
      label: "Name",
      field: "name",
      kind: "text",
      aliases: ["name", "company", "company name", "account", "account name", "organization", "organisation"],
    },
    {
      value: "domain",
      label: "Domain",
      field: "domain",
      kind: "text",
      aliases: ["domain", "website", "web site", "url", "company domain", "site", "homepage"],
    },
    {
      value: "industry",
      label: "Industry",
      field: "industry",
      kind: "text",
      aliases: ["industry", "sector", "vertical"],
    },
    {
      value: "size",
      label: "Size",
      field: "size",
      kind: "text",
      aliases: ["size", "company size", "employees", "headcount", "number of employees"],
    },
    { value: "address", label: "Address", field: "address", kind: "text", aliases: ["address", "location", "hq"] },
    {
      value: "linkedinUrl",
      label: "LinkedIn URL",
      field: "linkedinUrl",
      kind: "text",
      aliases: ["linkedin", "linkedin url", "linkedin page", "company linkedin"],
    },
    // A company of the workspace or of the file, by domain or name: the rows naming one go after its row.
    {
      value: "parentCompany",
      label: "Parent company (name or domain)",
      field: "parentCompany",
      kind: "text",
      aliases: [
        "parent company",
        "parent",
        "parent company name",
        "parent company domain",
        "parent account",
        "parent organization",
        "parent organisation",
      ],
    },
    tagsTarget,
    ownerTarget,
  ],
  check: (row) =>
    firstIssue(companyImport.targets, row, companyCreateInput.safeParse(row)) ??
    domainCellProblem(row.domain) ??
    parentCellProblem(text(row.parentCompany).trim(), {
      name: text(row.name).trim(),
      domain: normalizeDomain(text(row.domain)),
    }),
  describe: (row) => [text(row.name), text(row.domain)],
  send: (input) => trpcClient.companies.import.mutate(input),
  matches: (rows) => trpcClient.companies.importMatches.query({ rows }),
  heldKeys: (keys) => trpcClient.companies.importHeldKeys.mutate({ keys }),
  parentCells: (cells) => trpcClient.companies.importParentCells.mutate({ cells }),
  listPage: (input) => trpcClient.companies.bulkPage.query(input),
  byIds: (ids) => trpcClient.companies.byIds.mutate({ ids }),
  toCsv: (c: CompanyRow) => ({
    Name: c.name,
    Domain: c.domain ?? "",
    Industry: c.industry ?? "",
    Size: c.size ?? "",
    Address: c.address ?? "",
    "LinkedIn URL": c.linkedinUrl ?? "",
    Tags: c.tags.join("; "),
    "Parent company": c.parentCompanyName ?? "",
    // Read, not imported: no target takes it, so the file still imports back as it is.
    People: c.peopleCount,
  }),
};

export type { View as ExportView };

/** Each object's import and export. */
export const importConfigs: Record<ImportObjectConfig["object"], ImportObjectConfig> = {
  contact: contactImport,
  company: companyImport,
};
