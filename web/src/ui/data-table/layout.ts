/** Dense rows, Attio/Linear style. */
export const ROW_HEIGHT = 34;
export const HEADER_HEIGHT = 34;
export const CHECKBOX_WIDTH = 36;
export const TRAILING_WIDTH = 40;

/** A column's width lives in a CSS variable on the table, so resizing does not re-render rows. */
export function widthVar(columnId: string): string {
  return `var(--col-${columnId.replace(/[^a-zA-Z0-9_-]/g, "_")})`;
}

export function widthVarName(columnId: string): string {
  return `--col-${columnId.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
}
