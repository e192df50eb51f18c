import { createContext, useContext } from "react";

/** What any page can open without knowing where the layout keeps it. */
export type Shell = { openPalette: () => void; openFeedback: () => void; openShortcuts: () => void };

export const ShellContext = createContext<Shell>({
  openPalette: () => {},
  openFeedback: () => {},
  openShortcuts: () => {},
});

export function useShell(): Shell {
  return useContext(ShellContext);
}
