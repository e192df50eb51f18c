import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { FeedbackModal } from "../features/feedbacks/feedback-modal";
import { trackPageView } from "../lib/analytics";
import { Skeleton } from "../ui/empty-state";
import { cn } from "../ui/cn";
import { pageGutter } from "../ui/page";
import { CommandPalette } from "./command-palette";
import { useGoToKeys } from "./go-to-keys";
import { ConnectionStatus } from "./connection-status";
import { isPageKey } from "../lib/typing";
import { KeyboardShortcutsDialog } from "./keyboard-shortcuts";
import { ShellContext } from "./shell-context";
import { Sidebar } from "./sidebar";

// A chunk of its own, fetched beside the page: reminders add nothing to the first paint.
const TaskReminders = lazy(() => import("../features/tasks/task-reminders"));

function PageSkeleton() {
  return (
    <div className={cn(pageGutter, "py-7")} aria-busy="true" aria-label="Loading page">
      <Skeleton className="h-6 w-48" />
      <Skeleton className="mt-3 h-4 w-80" />
      <div className="mt-8 space-y-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    </div>
  );
}

/** The protected area's frame: sidebar, page, the palette, the feedback modal and the connection notice. */
export default function AppLayout() {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const location = useLocation();

  useEffect(() => trackPageView(location.pathname), [location.pathname]);
  useGoToKeys();

  // SPEC §2: ctrl+k or command+k opens (and closes) the palette from anywhere.
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setPaletteOpen((open) => !open);
      }
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, []);

  // "?" shows the keyboard shortcuts, unless the key is being typed or another dialog has the keyboard.
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "?" || !isPageKey(event)) return;
      event.preventDefault();
      setShortcutsOpen(true);
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, []);

  const openFeedback = useCallback(() => {
    setPaletteOpen(false);
    setFeedbackOpen(true);
  }, []);
  const openShortcuts = useCallback(() => {
    setPaletteOpen(false);
    setShortcutsOpen(true);
  }, []);
  const shell = useMemo(
    () => ({ openPalette: () => setPaletteOpen(true), openFeedback, openShortcuts }),
    [openFeedback, openShortcuts],
  );

  return (
    <ShellContext.Provider value={shell}>
      <div className="flex h-screen overflow-hidden bg-background">
        <Sidebar />
        <main className="min-w-0 flex-1 overflow-y-auto" id="main" data-path={location.pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
      <FeedbackModal open={feedbackOpen} onOpenChange={setFeedbackOpen} />
      <KeyboardShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      <ConnectionStatus />
      <Suspense fallback={null}>
        <TaskReminders />
      </Suspense>
    </ShellContext.Provider>
  );
}
