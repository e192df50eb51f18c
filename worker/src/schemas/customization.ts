import { z } from "zod";
import { propertyTypes, recordObjects } from "../../../drizzle/values";

export const propertyKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, "Use lower-case letters, digits and _ (start with a letter, 40 at most).");

export const propertyCreateInput = z
  .object({
    object: z.enum(recordObjects),
    key: propertyKey,
    label: z.string().trim().min(1, "Give the property a label.").max(60),
    type: z.enum(propertyTypes),
    options: z.array(z.string().trim().min(1).max(60)).max(100).optional(),
    required: z.boolean().default(false),
  })
  .refine((p) => !(p.type === "select" || p.type === "multi-select") || (p.options?.length ?? 0) > 0, {
    message: "A select property needs at least one option.",
    path: ["options"],
  });
export type PropertyCreateInput = z.input<typeof propertyCreateInput>;

export const propertyUpdateInput = z.object({
  id: z.string().min(4).max(40),
  label: z.string().trim().min(1).max(60).optional(),
  options: z.array(z.string().trim().min(1).max(60)).max(100).optional(),
  required: z.boolean().optional(),
});

export const propertyReorderInput = z.object({
  object: z.enum(recordObjects),
  ids: z.array(z.string().min(4).max(40)).min(1).max(200),
});

export const objectInput = z.object({ object: z.enum(recordObjects) });
