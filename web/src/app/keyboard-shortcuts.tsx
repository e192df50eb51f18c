import { Fragment } from "react";
import { Dialog } from "../ui/dialog";
import { Kbd, altKey, modKey } from "../ui/kbd";
import { ScrollRegion } from "../ui/scroll-region";
import { goToItems } from "./navigation";

/** `keys`: the alternatives, each a chord written "Shift+↑", or keys one after the other written "g c". */
type Shortcut = { keys: string[]; action: string };

const sections: { title: string; shortcuts: Shortcut[] }[] = [
  {
    title: "Anywhere",
    shortcuts: [
      { keys: [`${modKey}+K`], action: "Command palette: go anywhere, open or create a record, act on the open one" },
      { keys: ["?"], action: "These shortcuts" },
      { keys: [`${altKey}+T`], action: "To the messages at the corner: a reminder's Done and Snooze, a toast's Undo" },
    ],
  },
  {
    title: "Go to",
    shortcuts: [
      ...goToItems.map((item) => ({ keys: [`g ${item.goKey}`], action: item.label })),
      { keys: ["g 1", "g 9"], action: "Your favorites in the sidebar, the first to the ninth" },
    ],
  },
  {
    title: "Contacts and companies",
    shortcuts: [
      { keys: ["c"], action: "New contact or company" },
      { keys: ["/"], action: "Search the list; ↓ from the search goes on to the rows it finds" },
      { keys: ["↑", "↓", "j", "k"], action: "Move between rows; an open record follows" },
      { keys: ["Shift+↑", "Shift+↓"], action: "Select while moving" },
      { keys: ["Shift+Click"], action: "Select a range of rows" },
      { keys: ["↵"], action: "Open the record beside the list" },
      { keys: ["j", "k"], action: "In the open record: the next or previous one in the list" },
      { keys: ["f"], action: "In the open record: add it to your favorites in the sidebar, or remove it" },
      { keys: ["n"], action: "In the open record: write a note" },
      { keys: ["t"], action: "In the open record: add a task" },
      { keys: ["Tab"], action: "To the open record's fields, or the bulk actions (Shift+Tab back to the list)" },
      { keys: ["←", "→"], action: "Move between the row's cells" },
      { keys: ["e", "F2"], action: "Edit the cell (the one clicked or reached with ← →, else the name)" },
      {
        keys: [`${modKey}+C`, `${modKey}+V`],
        action: "Copy the cell (else the name; the selected rows as a table), or paste into it and each selected row",
      },
      {
        keys: [`${modKey}+Z`],
        action: "Undo the last edit or paste in the list, or the open record's last field edit (again: the one before)",
      },
      { keys: [`${modKey}+Shift+Z`], action: "Redo the last edit undone" },
      { keys: ["x", "Space"], action: "Select or unselect the row" },
      { keys: [`${modKey}+A`], action: "Select every loaded row" },
      { keys: ["⌫"], action: "Move the selected rows, or the row, to the trash (with undo)" },
      { keys: ["Esc"], action: "Clear the selection; close the record" },
      { keys: ["Home", "End"], action: "First or last row" },
      { keys: ["PgUp", "PgDn"], action: "A screenful up or down" },
      { keys: [`${altKey}+↑`, `${altKey}+↓`], action: "In the column picker: move the highlighted column" },
    ],
  },
  {
    title: "A board",
    shortcuts: [
      { keys: ["↑", "↓", "j", "k"], action: "Move between the cards of a lane" },
      { keys: ["←", "→", "h", "l"], action: "To the card beside, in the next lane that has one" },
      { keys: ["Shift+←", "Shift+→"], action: "Move the card to the lane beside: its value changes, and is saved" },
      { keys: ["↵"], action: "Open the card's record beside the board" },
      { keys: ["x"], action: "Select or unselect the card (Shift+x: the cards from the one picked last in its lane)" },
      { keys: [`${modKey}+A`], action: "Select every card shown" },
      { keys: ["Esc"], action: "Clear the selection" },
      { keys: [`${modKey}+Z`, `${modKey}+Shift+Z`], action: "Put the last move back, or make it again" },
      { keys: ["Home", "End"], action: "The first or last card of the lane" },
    ],
  },
  {
    title: "Possible duplicates",
    shortcuts: [
      { keys: ["↑", "↓", "j", "k"], action: "Move between pairs" },
      { keys: ["m"], action: "Merge the pair, side by side" },
      { keys: ["n"], action: "Not duplicates: do not offer the pair again (with undo)" },
    ],
  },
  {
    title: "Notes",
    shortcuts: [
      { keys: [`${modKey}+↵`], action: "Save the note, or log the call, meeting or email" },
      { keys: ["@"], action: "Name a teammate, who is told (↑ ↓ and ↵ or Tab to pick)" },
      { keys: [`${modKey}+B`], action: "Make the selected words bold (**bold**)" },
      { keys: ["↵"], action: "After a “- ” or “1. ” item: the next item (on an empty one, the list ends)" },
      { keys: ["Esc"], action: "Leave the note's field" },
    ],
  },
  {
    title: "Editing a cell",
    shortcuts: [
      { keys: ["↵"], action: "Save" },
      { keys: ["Tab"], action: "Save a list of choices (tags, options)" },
      { keys: ["Esc"], action: "Cancel" },
    ],
  },
  {
    title: "Tasks",
    shortcuts: [
      { keys: ["c"], action: "Add a task in words: “Call Ann tomorrow 3pm”" },
      {
        keys: ["/"],
        action: "Search the tasks: a title's words, or a linked record's name, email or domain (↓ back to the tasks)",
      },
      { keys: ["↑", "↓", "j", "k"], action: "Move between tasks" },
      { keys: ["x", "Space"], action: "Complete or reopen the task" },
      { keys: ["↵"], action: "Rename the task" },
      { keys: ["o"], action: "Open the task's details and notes beside the list" },
      { keys: ["d"], action: "Reschedule: today, tomorrow, next week or in words (“fri 3pm”)" },
      { keys: ["a"], action: "Assign the task to a teammate" },
      { keys: ["l"], action: "Link the task to a contact or company" },
      { keys: ["⌫"], action: "Delete the task (with undo)" },
      { keys: ["t"], action: "Set the task's type: to-do, call, email or meeting" },
      { keys: ["p"], action: "Set the task's priority" },
      { keys: ["s"], action: "Select or unselect the task; with tasks selected, x, d, a, t, p and ⌫ act on them all" },
      { keys: ["Shift+j", "Shift+k"], action: "Select while moving (Shift+↑ Shift+↓ too)" },
      { keys: ["Shift+Click"], action: "Select a range of tasks" },
      { keys: [`${modKey}+A`], action: "Select every task shown" },
      { keys: ["Esc"], action: "Clear the selection" },
      {
        keys: ["q"],
        action: "Work through the tasks one by one, each on its contact or company (the selected ones, or all shown)",
      },
      { keys: ["r"], action: "In the trash: restore the task" },
    ],
  },
];

function Keys({ keys }: { keys: string[] }) {
  return (
    <span className="flex shrink-0 items-center gap-1">
      {keys.map((chord, index) => (
        <Fragment key={chord}>
          {index > 0 && (
            <span className="text-[11px] text-muted" aria-label="or">
              /
            </span>
          )}
          <span className="inline-flex items-center gap-0.5">
            {chord.split(" ").map((step, stepIndex) => (
              <Fragment key={step}>
                {stepIndex > 0 && <span className="px-0.5 text-[11px] text-muted">then</span>}
                {step.split(/(?<=.)\+/).map((key) => (
                  <Kbd key={key}>{key}</Kbd>
                ))}
              </Fragment>
            ))}
          </span>
        </Fragment>
      ))}
    </span>
  );
}

/** The keyboard shortcuts, by where they work: opened with "?" anywhere, or from the palette. */
export function KeyboardShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" className="max-w-3xl">
      {/* Scrolled by an outer box: columns given a height of their own overflow sideways into a third. */}
      {/* Its keys show on a touch screen too (Kbd hides there): this list is asked for, from a keyboard or the palette. */}
      <ScrollRegion label="Shortcuts" className="max-h-[65vh] rounded-md pr-1 pointer-coarse:[&_kbd]:inline-flex">
        <div className="gap-10 sm:columns-2">
          {sections.map((section) => (
            <section key={section.title} aria-label={section.title} className="mb-5 break-inside-avoid">
              <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{section.title}</h3>
              <dl className="space-y-2">
                {section.shortcuts.map((shortcut) => (
                  <div key={shortcut.action} className="flex items-center justify-between gap-4 text-[13px]">
                    <dt className="min-w-0 text-foreground">{shortcut.action}</dt>
                    <dd>
                      <Keys keys={shortcut.keys} />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </ScrollRegion>
    </Dialog>
  );
}
