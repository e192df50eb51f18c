/*
 * How a task's title and its linked record share a row, wherever tasks are listed (/tasks, its trash, Home, a record's
 * panel). The title keeps at least 7rem and grows with its text; the record's name is held to a share of the row and is
 * what gets cut short. A fixed cap alone would not do: the name keeps its full cap and the title takes the whole loss.
 */
export const taskTitleLayout = "min-w-20 flex-auto truncate sm:min-w-28";
/** The linked record beside a title in a full-width list. */
export const taskRecordLayout = "max-w-[min(12rem,25%)] min-w-0";
/** The same in a short list (Home, a record's panel), where the row is narrower. */
export const taskRecordLayoutShort = "max-w-[min(10rem,30%)] min-w-0";
/**
 * A /tasks row on a phone, in two lines: the checkbox, priority, title, notes and menu, then the linked record (under
 * the title), the due date and the assignee. Elsewhere the second line's box is not there (`contents`): its parts sit
 * in the row.
 */
export const taskRowPhoneLayout = "max-sm:h-auto max-sm:min-h-10 max-sm:flex-wrap max-sm:gap-y-1 max-sm:py-2";
/** The title fills what the first line leaves (it would take a line of its own at its text's width). */
export const taskTitlePhoneLayout = "max-sm:basis-0";
/** The second line, whole: its record's name is what gives way to a long due date. */
export const taskMetaPhoneLayout =
  "contents max-sm:order-2 max-sm:flex max-sm:min-w-0 max-sm:basis-full max-sm:items-center max-sm:gap-2";
/** The linked record there, its name lined up under the title's. */
export const taskRecordPhoneLayout = "max-sm:mr-auto max-sm:ml-10 max-sm:max-w-none";
