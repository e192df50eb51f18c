/** Dense rows, Attio/Linear style. */
export const ROW_HEIGHT = 34;
export const HEADER_HEIGHT = 34;
export const CHECKBOX_WIDTH = 36;
export const TRAILING_WIDTH = 40;
/** The most of the grid's width the sticky first column takes, however wide it was made (cqw: the grid is a container). */
export const FIRST_COLUMN_SHARE = "50cqw";

/** A column's width lives in a CSS variable on the table, so resizing does not re-render rows. */
export function widthVar(columnId: string): string {
  return `var(--col-${columnId.replace(/[^a-zA-Z0-9_-]/g, "_")})`;
}

export function widthVarName(columnId: string): string {
  return `--col-${columnId.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
}
