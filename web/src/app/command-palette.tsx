import { Command } from "cmdk";
import * as RadixDialog from "@radix-ui/react-dialog";
import {
  Building2,
  CheckSquare,
  CopyCheck,
  Contact,
  CornerDownRight,
  Keyboard,
  LogOut,
  MessageSquarePlus,
  Moon,
  Plus,
  Sun,
} from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useAuth } from "../lib/auth";
import { useTheme } from "../lib/theme";
import { Kbd } from "../ui/kbd";
import { useCurrentUser } from "../features/auth/use-current-user";
import { PaletteTasks, useTaskSearch } from "../features/tasks/palette-tasks";
import { PaletteViews } from "../features/views/palette-views";
import { mainNav, settingsNav } from "./navigation";
import { recordPath, useRecentRecords } from "./recent-records";
import { useFavoritesToPick } from "../features/favorites/use-favorites";
import { useOpenRecordCommands } from "./record-commands";
import { useShell } from "./shell-context";
import { foundRecords, type FoundRecord } from "./found-records";
import { typedOn, useRecordSearch } from "./use-record-search";

/**
 * Runs `action` once the palette has closed and handed the focus back (Radix restores it on a timer of
 * its own as the dialog unmounts): an action that moves the focus, such as "Log a call", keeps it.
 */
const afterClosing = (action: () => void) => requestAnimationFrame(() => setTimeout(action, 0));

/** As many favorites as the palette lists before anything is typed (the sidebar lists them all). */
const PALETTE_FAVORITES = 5;

/** ctrl/cmd+k: go anywhere, and the actions a person reaches for without the mouse. */
export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const { theme, toggleTheme } = useTheme();
  const { openFeedback, openShortcuts } = useShell();
  const [text, setText] = useState("");
  const { query, found: results } = useRecordSearch(open ? text : "");
  // Before anything is typed: the records opened lately, to go back to one in two keys.
  // The reader's first favorites above them, each once.
  const favorites = useFavoritesToPick().slice(0, PALETTE_FAVORITES);
  const favoriteIds = new Set(favorites.map((favorite) => favorite.recordId));
  const recent = useRecentRecords(useCurrentUser().data?.id).filter((record) => !favoriteIds.has(record.id));
  // What was found shows while the text is what it was found for, or typed on from it: for 150 ms after a key, the
  // search has not been sent yet, and results for another word would stand under the new one.
  const searched = text.trim().length >= 2 && typedOn(text.trim(), query);
  const found = searched ? results.data : undefined;
  const { found: taskResults } = useTaskSearch(open ? text : "");
  const foundTasks = searched ? taskResults.data : undefined;
  // The record open beside a list: what can be done with it, first.
  const openRecord = useOpenRecordCommands();

  const run = (action: () => void) => {
    onOpenChange(false);
    setText("");
    action();
  };

  // The highlighted item, which Enter runs. cmdk highlights the first match as the text changes, but
  // records found by the server arrive after that, and their items are named by the text they were found
  // for: the highlight would stay on a page that merely matched the first letters, or on nothing. So when
  // the found records change, the first item in cmdk's order (best match first) is highlighted again.
  const [active, setActive] = useState("");
  const list = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!found && !foundTasks) return;
    // After cmdk's own layout work (it orders the items in a layout effect of its root).
    const frame = requestAnimationFrame(() => {
      const first = list.current?.querySelector('[cmdk-item]:not([aria-disabled="true"])');
      const value = first?.getAttribute("data-value");
      if (value) setActive(value);
    });
    return () => cancelAnimationFrame(frame);
  }, [found, foundTasks]);

  // One group per kind, the kind that matched best first (foundRecords' order).
  const records = foundRecords(found);
  const foundGroups = [...new Set(records.map((record) => record.object))].map((object) => (
    <Command.Group key={object} heading={object === "contact" ? "Contacts" : "Companies"}>
      {records
        .filter((record) => record.object === object)
        .map((record) => (
          <RecordItem
            key={record.id}
            object={object}
            name={record.name}
            hint={record.hint}
            value={`${text} ${object} ${record.name} ${record.keywords} ${record.id}`}
            onSelect={() => run(() => navigate(recordPath(record)))}
          />
        ))}
    </Command.Group>
  ));

  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      value={active}
      onValueChange={setActive}
      label="Command palette"
      overlayClassName="fixed inset-0 z-40 bg-slate-950/40"
      contentClassName="fixed top-[12%] left-1/2 z-50 w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border border-border bg-background shadow-2xl"
    >
      <RadixDialog.Title className="sr-only">Command palette</RadixDialog.Title>
      <RadixDialog.Description className="sr-only">Type to jump to a page or run an action.</RadixDialog.Description>
      <Command.Input
        value={text}
        onValueChange={setText}
        placeholder="Type a page or an action…"
        // Escape closes the palette itself: Radix gives Escape to the newest layer only, and a record's
        // panel that re-mounted while the palette was open would take it (and keep it, as it came from a dialog).
        onKeyDown={(event) => {
          if (event.key === "Escape") onOpenChange(false);
        }}
        className="h-12 w-full border-b border-border bg-transparent px-4 text-[15px] text-foreground placeholder:text-muted focus:outline-none"
      />
      <Command.List ref={list} className="max-h-[60vh] overflow-y-auto py-2">
        <Command.Empty>
          {results.isFetching || taskResults.isFetching ? "Searching…" : "Nothing matches. Try another word."}
        </Command.Empty>
        {openRecord && (
          <Command.Group heading={openRecord.name}>
            {openRecord.commands.map((command) => (
              <Command.Item
                key={command.label}
                value={`${command.label} ${command.keywords}`}
                onSelect={() => run(() => afterClosing(command.run))}
              >
                <CornerDownRight className="size-4 text-muted" aria-hidden />
                {command.label}
                {command.key && (
                  <span className="ml-auto flex items-center text-[11px] text-muted" aria-hidden>
                    <Kbd>{command.key}</Kbd>
                  </span>
                )}
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {foundGroups}
        <PaletteTasks found={foundTasks} text={text} run={run} />
        {!text.trim() && favorites.length > 0 && (
          <Command.Group heading="Favorites">
            {favorites.map(({ recordObject: object, recordId: id, name, detail }) => (
              <RecordItem
                key={id}
                object={object}
                name={name}
                hint={detail}
                value={`favorite ${object} ${name} ${id}`}
                onSelect={() => run(() => navigate(recordPath({ object, id })))}
              />
            ))}
          </Command.Group>
        )}
        {!text.trim() && recent.length > 0 && (
          <Command.Group heading="Recent">
            {recent.map((record) => (
              <RecordItem
                key={`${record.object}:${record.id}`}
                object={record.object}
                name={record.name}
                hint={record.detail}
                value={`recent ${record.object} ${record.name} ${record.id}`}
                onSelect={() => run(() => navigate(recordPath(record)))}
              />
            ))}
          </Command.Group>
        )}
        {text.trim() && <PaletteViews run={run} />}
        <Command.Group heading="Create">
          <Command.Item value="New contact create add person" onSelect={() => run(() => navigate("/contacts?new=1"))}>
            <Plus className="size-4 text-muted" aria-hidden />
            New contact
          </Command.Item>
          <Command.Item
            value="New company create add organization account"
            onSelect={() => run(() => navigate("/companies?new=1"))}
          >
            <Plus className="size-4 text-muted" aria-hidden />
            New company
          </Command.Item>
          <Command.Item value="New task create add todo" onSelect={() => run(() => navigate("/tasks?new=1"))}>
            <CheckSquare className="size-4 text-muted" aria-hidden />
            New task
          </Command.Item>
        </Command.Group>
        <Command.Group heading="Go to">
          {mainNav.map((item) => (
            <Command.Item
              key={item.to}
              value={`${item.label} ${item.keywords ?? ""}`}
              onSelect={() => run(() => navigate(item.to))}
            >
              <item.icon className="size-4 text-muted" aria-hidden />
              {item.label}
              {item.goKey && (
                <span className="ml-auto flex items-center gap-0.5 text-[11px] text-muted" aria-hidden>
                  <Kbd>g</Kbd>
                  <Kbd>{item.goKey}</Kbd>
                </span>
              )}
            </Command.Item>
          ))}
        </Command.Group>
        <Command.Group heading="Settings">
          {settingsNav.map((item) => (
            <Command.Item
              key={item.to}
              value={`Settings ${item.label} ${item.keywords ?? ""}`}
              onSelect={() => run(() => navigate(item.to))}
            >
              <item.icon className="size-4 text-muted" aria-hidden />
              Settings: {item.label}
            </Command.Item>
          ))}
        </Command.Group>
        <Command.Group heading="Actions">
          {(["contacts", "companies"] as const).map((plural) => (
            <Command.Item
              key={plural}
              value={`Find duplicate ${plural} merge same name`}
              onSelect={() => run(() => navigate(`/${plural}?duplicates=1`))}
            >
              <CopyCheck className="size-4 text-muted" aria-hidden />
              Find duplicate {plural}
            </Command.Item>
          ))}
          <Command.Item value="Keyboard shortcuts keys help hotkeys" onSelect={() => run(openShortcuts)}>
            <Keyboard className="size-4 text-muted" aria-hidden />
            Keyboard shortcuts
          </Command.Item>
          <Command.Item value="Send feedback" onSelect={() => run(openFeedback)}>
            <MessageSquarePlus className="size-4 text-muted" aria-hidden />
            Send feedback
          </Command.Item>
          <Command.Item value="Toggle theme dark light" onSelect={() => run(toggleTheme)}>
            {theme === "dark" ? <Sun className="size-4 text-muted" /> : <Moon className="size-4 text-muted" />}
            Switch to {theme === "dark" ? "light" : "dark"} theme
          </Command.Item>
          <Command.Item
            value="Sign out log out"
            onSelect={() =>
              run(() => {
                void signOut().then(() => navigate("/signin", { replace: true }));
              })
            }
          >
            <LogOut className="size-4 text-muted" aria-hidden />
            Sign out
          </Command.Item>
        </Command.Group>
      </Command.List>
      {/* How to move with keys: nothing to say on a touch screen. */}
      <div className="flex items-center gap-3 border-t border-border px-4 py-2 text-xs text-muted pointer-coarse:hidden">
        <span className="flex items-center gap-1">
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd> to move
        </span>
        <span className="flex items-center gap-1">
          <Kbd>↵</Kbd> to open
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Esc</Kbd> to close
        </span>
      </div>
    </Command.Dialog>
  );
}

type RecordObject = FoundRecord["object"];

/** A record in the palette: its kind's icon, its name, and what tells it apart. */
function RecordItem({
  object,
  name,
  hint,
  value,
  onSelect,
}: {
  object: RecordObject;
  name: string;
  hint: string | null | undefined;
  value: string;
  onSelect: () => void;
}) {
  const Icon = object === "contact" ? Contact : Building2;
  return (
    <Command.Item value={value} onSelect={onSelect}>
      <Icon className="size-4 text-muted" aria-hidden />
      {/* The name is what is looked for: the details give way first. */}
      <span className="max-w-[75%] shrink-0 truncate">{name}</span>
      {hint && <span className="ml-auto min-w-0 truncate text-xs text-muted">{hint}</span>}
    </Command.Item>
  );
}
