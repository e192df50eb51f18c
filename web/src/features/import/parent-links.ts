import { COMPANY_NAME_MAX } from "../../../../worker/src/domain/records/cell-problems";
import { domainIn, normalizeDomain } from "../../../../worker/src/domain/records/normalize";
import { loopMessage, severalNamedMessage } from "../../../../worker/src/domain/records/parent-messages";
import { forEachInSlices } from "../../lib/main-thread";
import type { ImportFailure } from "./failure-reasons";
import type { Mapping } from "./mapping";

/** A file's row, by header. */
type Row = Record<string, string | undefined>;

/** Where a row's chain of parents in the file runs: to the top, into a loop of rows naming each other, or round it. */
const enum Chain {
  Clear = 0,
  IntoLoop = 1,
  InLoop = 2,
}

/** A companies file's rows as its Parent company column links them to each other (readFileCompanies). */
export type FileCompanies = {
  /** Each row's name, as the import writes it. */
  names: string[];
  /** Each row's domain, as the import writes it ("" for none). */
  domains: string[];
  /** Each row's Parent company cell, trimmed ("" for none). */
  cells: string[];
  /**
   * The cells to ask the server about (importParentCells): each once, of a length a company's name can have (a longer
   * one fails its row).
   */
  askedCells: string[];
  /** The row each row's Parent company cell names (the first one holding that name or domain), else -1. */
  parentOf: Int32Array;
  /** How many of the file's parents are above each row. In a loop, the row that closes it counts as naming none. */
  depth: Int32Array;
  /** Each row's Chain. */
  chain: Uint8Array;
};

/** A cell as a row is named by it: a domain when the server reads it as one ("https://www.acme.com" is acme.com), else a name. */
const keyOf = (cell: string): string => domainIn(cell) ?? cell.toLowerCase();

/** The headers mapped to a company's name, domain and parent company ("" for one not mapped). */
export function parentHeaders(mapping: Mapping): { name: string; domain: string; parent: string } {
  const headerOf = (target: string) => Object.keys(mapping).find((header) => mapping[header] === target) ?? "";
  return { name: headerOf("name"), domain: headerOf("domain"), parent: headerOf("parentCompany") };
}

/**
 * How the file's companies name each other as parent company, by name in any case or by domain; null when no row
 * names one. Read in slices, so a 100,000-row file never holds the tab (about 0.3 s of work in all).
 */
export async function readFileCompanies(
  rows: Row[],
  headers: ReturnType<typeof parentHeaders>,
): Promise<FileCompanies | null> {
  const cell = (row: Row, header: string) => (header ? (row[header] ?? "").trim() : "");
  const count = rows.length;
  const names = new Array<string>(count);
  const domains = new Array<string>(count);
  const cells = new Array<string>(count);
  // The first row holding each name or domain: the one the file means.
  const holder = new Map<string, number>();
  const asked = new Set<string>();
  await forEachInSlices(count, (i) => {
    names[i] = cell(rows[i], headers.name);
    cells[i] = cell(rows[i], headers.parent);
    if (cells[i] && cells[i].length <= COMPANY_NAME_MAX) asked.add(cells[i]);
    domains[i] = normalizeDomain(cell(rows[i], headers.domain)) ?? "";
    for (const key of [names[i].toLowerCase(), domains[i]]) if (key && !holder.has(key)) holder.set(key, i);
  });
  if (!cells.some(Boolean)) return null;
  const parentOf = new Int32Array(count).fill(-1);
  await forEachInSlices(count, (i) => {
    if (cells[i]) parentOf[i] = holder.get(keyOf(cells[i])) ?? -1;
  });
  const depth = new Int32Array(count).fill(UNKNOWN);
  const chain = new Uint8Array(count);
  await forEachInSlices(count, (i) => placeChain(i, parentOf, depth, chain));
  return { names, domains, cells, askedCells: [...asked], parentOf, depth, chain };
}

const UNKNOWN = -2;
const WALKING = -1;

/** Works out the depth and Chain of `start` and of each row above it whose are not known yet. */
function placeChain(start: number, parentOf: Int32Array, depth: Int32Array, chain: Uint8Array) {
  const walked: number[] = [];
  let at = start;
  let base = 0;
  let kind = Chain.Clear;
  let loopFrom = -1;
  while (at >= 0) {
    if (depth[at] === WALKING) {
      // Back at a row of this walk: it and the rows after it in the walk name each other round.
      loopFrom = walked.indexOf(at);
      break;
    }
    if (depth[at] !== UNKNOWN) {
      base = depth[at] + 1;
      kind = chain[at] === Chain.Clear ? Chain.Clear : Chain.IntoLoop;
      break;
    }
    depth[at] = WALKING;
    walked.push(at);
    const parent = parentOf[at];
    at = parent === at ? -1 : parent;
  }
  // The walk's last row is the highest: it sits at `base`, each row below one deeper.
  for (let i = walked.length - 1, d = base; i >= 0; i--, d++) {
    depth[walked[i]] = d;
    chain[walked[i]] = loopFrom >= 0 ? (i >= loopFrom ? Chain.InLoop : Chain.IntoLoop) : kind;
  }
}

/**
 * The order to send a companies file's rows in: each row after the row its Parent company cell names, so the server
 * has written the parent when it reads the subsidiary (it sends batches in order, and looks a parent up among what is
 * written). Otherwise as in the file. The server refuses each row whose parent is not written when it comes: in a
 * loop, each of its rows.
 */
export function parentsFirst({ depth }: FileCompanies): number[] {
  // A counting sort by depth, rows at one depth in the file's order: 8 ms for 100,000 rows, where sorting with a
  // comparison held the tab 25-30 ms. Indexed loops: run once, before the engine optimises them, they are the faster.
  const count = depth.length;
  let deepest = 0;
  for (let row = 0; row < count; row++) if (depth[row] > deepest) deepest = depth[row];
  const next = new Int32Array(deepest + 2);
  for (let row = 0; row < count; row++) next[depth[row] + 1]++;
  for (let d = 1; d < next.length; d++) next[d] += next[d - 1];
  const order = new Array<number>(count).fill(0);
  for (let row = 0; row < count; row++) order[next[depth[row]]++] = row;
  return order;
}

/** A company row's parent as the import will link it: by name, or why the row fails. */
export type ParentLink = { name: string } | { error: string };

/**
 * How the import will link row `i` whose Parent company cell (`cell`) names no company here: to the file's row it
 * names, or why it fails. `fails` tells a row the import will refuse for its own values (the whole-file check): its
 * subsidiaries then find no parent written either.
 */
export function parentInFile(
  file: FileCompanies | null,
  i: number,
  cell: string,
  fails: (row: number) => boolean = () => false,
): ParentLink {
  const parent = file?.parentOf[i] ?? -1;
  if (!file || parent < 0 || parent === i)
    return { error: `Parent company: no company here or in this file is named “${cell}”.` };
  const name = `${file.names[parent]} (in this file)`;
  if (file.chain[i] === Chain.InLoop) return { error: `Parent company: ${loopMessage(name)}` };
  if (file.chain[i] === Chain.IntoLoop)
    return { error: `Parent company: ${name} is not imported, as the companies above it name each other.` };
  if (fails(parent))
    return {
      error: `Parent company: ${file.names[parent]} (line ${parent + 2}) will not import, so this row will not either.`,
    };
  return { name };
}

/**
 * The rows of a companies file the import will refuse for their parent company, each with why, in the file's order.
 * Followed row by row as the import sends them (parentsFirst), as the server links each: a cell must name exactly one
 * company among those here (`stored`: the cells naming some, with each one's domain) and those the rows sent before
 * write; naming none here, it must name a row of the file that is imported and not in a loop. `failing`: the rows
 * refused for their own values; `writes`: whether the import writes a row it does not refuse (it skips a duplicate
 * unless it updates). A refusal goes down the chain. In slices, as readFileCompanies.
 */
export async function parentFailures(
  file: FileCompanies,
  failing: ReadonlySet<number>,
  stored: ReadonlyMap<string, readonly (string | null)[]>,
  writes: (row: number) => boolean = () => true,
): Promise<ImportFailure[]> {
  const order = parentsFirst(file);
  const refused = new Set(failing);
  const failures: ImportFailure[] = [];
  // The company the rows sent so far write under each key a cell finds one by (its name in lower case, its domain),
  // or the companies, for a key several have: a company is its domain, here or new, or "row N" for a row without one
  // (never a domain: it has a space). A string a key, a set only for a clash: a 100,000-row file made a set per key,
  // and the collector held the tab 60-80 ms.
  const written = new Map<string, string | Set<string>>();
  const write = (key: string, company: string) => {
    const had = written.get(key);
    if (had === undefined) written.set(key, company);
    else if (typeof had !== "string") had.add(company);
    else if (had !== company) written.set(key, new Set([had, company]));
  };
  // The companies here that a row sent before names anew (by their domain): found by that name now, not the old one.
  const renamed = new Set<string>();
  /** The companies `cell` names, here and written, up to `enough` (each a domain, or a string with a space for one without). */
  const companiesNamed = (cell: string, enough: number) => {
    const found = new Set<string>();
    stored.get(cell)?.forEach((domain, i) => {
      if (!domain || !renamed.has(domain)) found.add(domain ?? `here ${i}`);
    });
    const inFile = written.get(keyOf(cell));
    // Not every one of thousands of rows of that name, for each row naming it.
    for (const company of typeof inFile === "string" ? [inFile] : (inFile ?? [])) {
      if (found.size >= enough) break;
      found.add(company);
    }
    return found;
  };
  // Each cell's "several companies" message, with what it was read from (how many companies the rows sent had
  // written under its key, and had renamed): rows naming one of thousands of rows of a name share it, instead of each
  // listing them all again.
  const severalNamed = new Map<string, { from: string; message: string }>();
  const severalNamedIn = (cell: string) => {
    const inFile = written.get(keyOf(cell));
    const from = `${typeof inFile === "string" ? 1 : (inFile?.size ?? 0)} ${renamed.size}`;
    const known = severalNamed.get(cell);
    if (known?.from === from) return known.message;
    const companies = [...companiesNamed(cell, Infinity)];
    const domains = companies.map((company) => (company.includes(" ") ? null : company));
    // The file's rows without a domain, by their line (the header is line 1).
    const lines = companies
      .filter((company) => company.startsWith("row "))
      .map((company) => Number(company.slice(4)) + 2);
    const message = severalNamedMessage("Parent company", cell, domains, lines);
    severalNamed.set(cell, { from, message });
    return message;
  };
  /** Why the import will refuse `row` for its `cell`, or null: it names one company. Naming none, said as the file shows it. */
  const parentProblem = (row: number, cell: string): string | null => {
    const named = companiesNamed(cell, 2).size;
    if (named === 1) return null;
    if (named > 1) return severalNamedIn(cell);
    const link = parentInFile(file, row, cell, (parent) => refused.has(parent) || !writes(parent));
    return "error" in link ? link.error : (parentInFile(null, row, cell) as { error: string }).error;
  };
  await forEachInSlices(order.length, (at) => {
    const row = order[at];
    const cell = file.cells[row];
    const problem = cell && !refused.has(row) ? parentProblem(row, cell) : null;
    if (problem) {
      refused.add(row);
      failures.push({ line: row + 2, message: problem });
    }
    if (refused.has(row) || !writes(row)) return;
    const company = file.domains[row] || `row ${row}`;
    if (file.domains[row] && file.names[row]) renamed.add(file.domains[row]);
    const name = file.names[row].toLowerCase();
    if (name) write(name, company);
    if (file.domains[row]) write(file.domains[row], company);
  });
  return failures.sort((a, b) => a.line - b.line);
}

/**
 * The import's failures (in the file's order), each row refused for a parent no company had when it came said as the
 * file shows it: the rows above it name each other round, or its parent's own row failed. Others stand as they are.
 */
export function inFileTerms(file: FileCompanies, failures: ImportFailure[]): ImportFailure[] {
  const failedLines = new Set(failures.map((failure) => failure.line));
  return failures.map((failure) => {
    const row = failure.line - 2;
    const parent = file.parentOf[row] ?? -1;
    if (!failure.missingParent || parent < 0 || parent === row) return failure;
    if (file.chain[row] !== Chain.Clear) {
      const said = parentInFile(file, row, failure.missingParent);
      return "error" in said ? { ...failure, message: said.error } : failure;
    }
    if (!failedLines.has(parent + 2)) return failure;
    const message = `Parent company: ${file.names[parent]} (line ${parent + 2}) was not imported, so this row is not either.`;
    return { ...failure, message };
  });
}
