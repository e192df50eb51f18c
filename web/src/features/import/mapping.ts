import { numberFromCsv } from "../../lib/spreadsheet-values";
import { propertyFromCsv, type PropertyDefinition } from "../records/property-values";

/**
 * How a mapped cell becomes a field: as it is, lower-cased, as a number, split into a list
 * (emails lower-cased too), or a full name split into first and last.
 */
export type TargetKind = "text" | "lower" | "number" | "list" | "emails" | "fullName";

/** A field a CSV column can be imported as (`value`), written to `field` of the row sent. */
export type ImportTarget = { value: string; label: string; field: string; kind: TargetKind; aliases: string[] };

/** header → target value (`prop:<key>` for a custom property), "" for "Don't import". */
export type Mapping = Record<string, string>;

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_\-.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Guesses each header's target from its name (built-in aliases, then property labels and keys); each target once.
 * `chosen`: the columns a person mapped by hand, kept as they are (a property since archived read as "Don't import");
 * the rest are guessed around them, so a property list read again (one a teammate just added) maps its columns too.
 */
export function autoMap(
  headers: string[],
  targets: ImportTarget[],
  properties: PropertyDefinition[],
  chosen: Mapping = {},
): Mapping {
  const used = new Set<string>();
  const mapping: Mapping = {};
  for (const header of headers) {
    if (!(header in chosen)) continue;
    const target = chosen[header];
    const gone = target.startsWith("prop:") && !properties.some((p) => `prop:${p.key}` === target);
    mapping[header] = gone ? "" : target;
    if (mapping[header]) used.add(target);
  }
  for (const header of headers) {
    if (header in chosen) continue;
    const name = normalise(header);
    const builtIn = targets.find((t) => t.aliases.includes(name) && !used.has(t.value));
    const property = properties.find(
      (p) => (normalise(p.label) === name || p.key === name.replace(/ /g, "_")) && !used.has(`prop:${p.key}`),
    );
    const target = builtIn?.value ?? (property ? `prop:${property.key}` : "");
    if (target) used.add(target);
    mapping[header] = target;
  }
  // In the file's order, as the dialog lists them.
  return Object.fromEntries(headers.map((header) => [header, mapping[header]]));
}

const list = (text: string) =>
  text
    .split(/[;,]/)
    .map((t) => t.trim())
    .filter(Boolean);

/** One CSV row as the fields the object's import procedure expects; only mapped, non-empty cells are set. */
export function mapRow(
  row: Record<string, string>,
  mapping: Mapping,
  targets: ImportTarget[],
  properties: PropertyDefinition[],
  /** The file writes decimals with a comma (see numberFromCsv). */
  decimalComma = false,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const values: Record<string, unknown> = {};
  for (const [header, value] of Object.entries(mapping)) {
    const cell = (row[header] ?? "").trim();
    if (!value || !cell) continue;
    if (value.startsWith("prop:")) {
      const definition = properties.find((p) => p.key === value.slice(5));
      if (definition) values[definition.key] = propertyFromCsv(definition, cell, decimalComma);
      continue;
    }
    const target = targets.find((t) => t.value === value);
    if (!target) continue;
    switch (target.kind) {
      case "fullName": {
        const [first, ...rest] = cell.split(/\s+/);
        out.firstName ??= first;
        out.lastName ??= rest.join(" ");
        break;
      }
      case "emails":
        out[target.field] = list(cell).map((e) => e.toLowerCase());
        break;
      case "list":
        out[target.field] = list(cell);
        break;
      case "lower":
        out[target.field] = cell.toLowerCase();
        break;
      case "number":
        out[target.field] = numberFromCsv(cell, decimalComma) ?? cell;
        break;
      default:
        out[target.field] = cell;
    }
  }
  if (Object.keys(values).length) out.properties = values;
  return out;
}
