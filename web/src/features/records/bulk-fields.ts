import { leadStatuses, leadStatusLabels } from "../contacts/lead-status";
import type { PropertyDefinition } from "./property-values";
import type { RecordObject } from "./use-record-actions";

/** A field or custom property a bulk edit sets: a built-in field goes as setField, a property as setProperty. */
export type BulkChoice = PropertyDefinition & { builtIn: boolean; optionLabels?: Record<string, string> };

/** The built-in fields a bulk edit sets (the server's bulkFieldSchemas), offered before the custom properties. */
export const bulkFieldChoices: Record<RecordObject, BulkChoice[]> = {
  contact: [
    {
      key: "leadStatus",
      label: "Lead status",
      type: "select",
      options: [...leadStatuses],
      optionLabels: leadStatusLabels,
      required: true,
      builtIn: true,
    },
    { key: "source", label: "Source", type: "text", options: null, required: false, builtIn: true },
  ],
  company: [
    { key: "industry", label: "Industry", type: "text", options: null, required: false, builtIn: true },
    { key: "size", label: "Size", type: "text", options: null, required: false, builtIn: true },
  ],
};
