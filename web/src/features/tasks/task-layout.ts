/*
 * How a task's title and its linked record share a row, wherever tasks are listed (/tasks, its trash, Home, a record's
 * panel). The title keeps at least 7rem and grows with its text; the record's name is held to a share of the row and is
 * what gets cut short. A fixed cap alone would not do: the name keeps its full cap and the title takes the whole loss.
 */
export const taskTitleLayout = "min-w-28 flex-auto truncate";
/** The linked record beside a title in a full-width list. */
export const taskRecordLayout = "max-w-[min(12rem,25%)] min-w-0";
/** The same in a short list (Home, a record's panel), where the row is narrower. */
export const taskRecordLayoutShort = "max-w-[min(10rem,30%)] min-w-0";
