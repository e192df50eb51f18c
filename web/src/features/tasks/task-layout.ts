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
 * A /tasks row in a narrow list (a phone, or beside the task's details on a small laptop), in two lines: the
 * checkbox, priority, title, notes and menu, then the linked record (under the title), the due date and the assignee.
 * In a wider list the second line's box is not there (`contents`): its parts sit in the row. The list is the
 * container (`taskListContainer`).
 */
export const taskListContainer = "@container";
export const taskRowNarrowLayout =
  "@max-[30rem]:h-auto @max-[30rem]:min-h-10 @max-[30rem]:flex-wrap @max-[30rem]:gap-y-1 @max-[30rem]:py-2";
/** The title fills what the first line leaves (it would take a line of its own at its text's width). */
export const taskTitleNarrowLayout = "@max-[30rem]:basis-0";
/** The second line, whole: its record's name is what gives way to a long due date. */
export const taskMetaNarrowLayout =
  "contents @max-[30rem]:order-2 @max-[30rem]:flex @max-[30rem]:min-w-0 @max-[30rem]:basis-full @max-[30rem]:items-center @max-[30rem]:gap-2";
/** The linked record there, its name lined up under the title's. */
export const taskRecordNarrowLayout = "@max-[30rem]:mr-auto @max-[30rem]:ml-10 @max-[30rem]:max-w-none";
/** A wide list's roomier row, and its due dates in a column. */
export const taskRowWideSpacing = "@min-[30rem]:gap-3 @min-[30rem]:px-4";
export const taskDueWideColumn = "@min-[30rem]:w-32";
