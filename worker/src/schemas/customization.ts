import { z } from "zod";
import { propertyTypes, recordObjects } from "../../../drizzle/values";
import { singleLineText } from "./text";

export const propertyKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, "Use lower-case letters, digits and _ (start with a letter, 40 at most).");

export const hasOptions = (type: string): boolean => type === "select" || type === "multi-select";

/** A select's options: each once, however it is capitalised (a value must name one option). */
const propertyOptions = z
  .array(singleLineText().min(1).max(60))
  .max(100)
  .superRefine((options, ctx) => {
    const seen = new Set<string>();
    for (const option of options) {
      const key = option.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: `"${option}" is listed twice.` });
      seen.add(key);
    }
  });

export const propertyCreateInput = z
  .object({
    object: z.enum(recordObjects),
    key: propertyKey,
    label: singleLineText().min(1, "Give the property a label.").max(60),
    type: z.enum(propertyTypes),
    options: propertyOptions.optional(),
    required: z.boolean().default(false),
  })
  .refine((p) => !hasOptions(p.type) || (p.options?.length ?? 0) > 0, {
    message: "A select property needs at least one option.",
    path: ["options"],
  })
  .refine((p) => hasOptions(p.type) || !p.options?.length, {
    message: "Only select properties have options.",
    path: ["options"],
  });
export type PropertyCreateInput = z.input<typeof propertyCreateInput>;

const optionText = singleLineText().min(1).max(60);

export const propertyUpdateInput = z
  .object({
    id: z.string().min(4).max(40),
    label: singleLineText().min(1).max(60).optional(),
    options: propertyOptions.optional(),
    /** Options renamed in place (with `options`, the list after the save): their records hold the new name. */
    renamedOptions: z
      .array(z.object({ from: optionText, to: optionText }))
      .max(100)
      .optional(),
    required: z.boolean().optional(),
  })
  .refine((p) => !p.renamedOptions?.length || p.options, {
    message: "Renaming options needs the list of options after the save.",
    path: ["options"],
  });

export const propertyReorderInput = z.object({
  object: z.enum(recordObjects),
  ids: z.array(z.string().min(4).max(40)).min(1).max(200),
});

export const objectInput = z.object({ object: z.enum(recordObjects) });
