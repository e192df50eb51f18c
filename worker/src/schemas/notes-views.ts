import { z } from "zod";
import { recordObjects } from "../../../drizzle/values";
import { recordFilter, recordSort } from "./records";

export const noteCreateInput = z.object({
  recordObject: z.enum(["contact", "company"]),
  recordId: z.string().min(4).max(40),
  body: z.string().trim().min(1, "Write something first.").max(20_000),
});
export const noteUpdateInput = z.object({
  id: z.string().min(4).max(40),
  version: z.number().int().min(1),
  body: z.string().trim().min(1, "Write something first.").max(20_000),
});
export const noteListInput = z.object({ recordId: z.string().min(4).max(40) });

export const viewDefinition = z.object({
  filters: recordFilter.default({ combinator: "and", conditions: [] }),
  sort: recordSort.nullable().default(null),
  columns: z.array(z.string().min(1).max(60)).max(60).default([]),
  search: z.string().max(200).optional(),
});
export const viewCreateInput = z.object({
  object: z.enum(recordObjects),
  name: z.string().trim().min(1, "Name the view.").max(80),
  definition: viewDefinition,
  shared: z.boolean().default(false),
});
export const viewUpdateInput = z.object({
  id: z.string().min(4).max(40),
  name: z.string().trim().min(1).max(80).optional(),
  definition: viewDefinition.optional(),
  shared: z.boolean().optional(),
});
