/**
 * Fields every row carries besides its visible columns': the bulk bar's tags, and the custom
 * properties (their columns arrive with the definitions, after the first page is asked for).
 */
export const LISTED_BESIDE_COLUMNS = ["properties", "tags"];

/** Where a list page's table remembers its columns (widths, visibility): their fields decide what the list reads. */
export const tableStorageKey = (noun: [singular: string, plural: string]) => `table:${noun[1]}`;
