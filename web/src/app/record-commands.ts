import { useEffect, useRef, useSyncExternalStore } from "react";

/** An action on the record open beside a list, offered by the command palette. */
export type RecordCommand = {
  label: string;
  /** Words it is found by, besides its label. */ keywords: string;
  run: () => void;
};
/** The open record's name and what the palette can do with it; null while no record is open. */
export type OpenRecordCommands = { name: string; commands: RecordCommand[] } | null;

let current: OpenRecordCommands = null;
const listeners = new Set<() => void>();
const publish = (next: OpenRecordCommands) => {
  current = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What the palette offers for the open record (see useOfferRecordCommands). */
export function useOpenRecordCommands(): OpenRecordCommands {
  return useSyncExternalStore(subscribe, () => current);
}

/**
 * Offers `commands` on the record named `name` while the caller is mounted with a name. The set is
 * published once per record and label list; each command runs the caller's latest `run`.
 */
export function useOfferRecordCommands(name: string | null, commands: RecordCommand[]) {
  const latest = useRef(commands);
  latest.current = commands;
  const labels = commands.map((command) => command.label).join("\n");
  useEffect(() => {
    if (!name) return;
    const offered: OpenRecordCommands = {
      name,
      commands: latest.current.map((command, index) => ({ ...command, run: () => latest.current[index]?.run() })),
    };
    publish(offered);
    return () => {
      if (current === offered) publish(null);
    };
  }, [name, labels]);
}
