import { useEffect, useRef, useSyncExternalStore } from "react";
import { isPageKey } from "../lib/typing";

/** An action on the record open beside a list, offered by the command palette. */
export type RecordCommand = {
  label: string;
  /** Words it is found by, besides its label. */
  keywords: string;
  run: () => void;
  /** A key that runs it from the open record's panel or its list ("n" a note, "t" a task), shown in the palette. */
  key?: string;
};
/** The open record's name and what the palette can do with it; null while no record is open. */
export type OpenRecordCommands = { name: string; commands: RecordCommand[] } | null;

/** What each part of the open record's panel offers (the panel names the record; its sections add their own). */
type Offer = { name: string | null; order: number; commands: RecordCommand[] };
const offers = new Set<Offer>();
let snapshot: OpenRecordCommands = null;
const listeners = new Set<() => void>();

function publish() {
  const all = [...offers].sort((a, b) => a.order - b.order);
  const name = all.find((offer) => offer.name)?.name;
  snapshot = name ? { name, commands: all.flatMap((offer) => offer.commands) } : null;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What the palette offers for the open record (see useOfferRecordCommands). */
export function useOpenRecordCommands(): OpenRecordCommands {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/**
 * Offers `commands` on the open record while `active`, in `order` among the panel's parts; the panel
 * itself passes the record's `name`, which titles them all. Published once per set of labels; each
 * command runs the caller's latest `run`.
 */
export function useOfferRecordCommands(
  { active, name = null, order }: { active: boolean; name?: string | null; order: number },
  commands: RecordCommand[],
) {
  const latest = useRef(commands);
  latest.current = commands;
  const labels = commands.map((command) => command.label).join("\n");
  useEffect(() => {
    if (!active) return;
    const offer: Offer = {
      name,
      order,
      commands: latest.current.map((command, index) => ({ ...command, run: () => latest.current[index]?.run() })),
    };
    offers.add(offer);
    publish();
    return () => {
      offers.delete(offer);
      publish();
    };
  }, [active, name, order, labels]);
}

/**
 * The open record's commands' keys (RecordCommand.key), from inside its panel or from the list it is open beside (where
 * j and k step it): `n` writes a note, `t` adds a task, `f` stars the record (a typed letter in a field stays a letter).
 */
export function useRecordCommandKeys() {
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isPageKey(event)) return;
      if (!(event.target instanceof Element) || !event.target.closest("[data-sheet], [role=grid]")) return;
      const command = snapshot?.commands.find((c) => c.key === event.key);
      if (!command) return;
      event.preventDefault();
      command.run();
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, []);
}
