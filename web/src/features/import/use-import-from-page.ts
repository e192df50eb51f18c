import { useEffect, useRef, useState } from "react";
import { isPastedTable } from "../../ui/data-table/clipboard";

/** Where a paste or a drop reaches the list page rather than a field, a dialog or a menu of its own. */
function onThePage(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return true;
  if (target.closest("input, textarea, select, [contenteditable=true], [role=dialog], [data-cell-editor]"))
    return false;
  return target === document.body || Boolean(target.closest("main, [role=grid]"));
}

const isFileDrag = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;

/**
 * A list page's other ways into its import, as Attio and Airtable take rows: a table pasted from a spreadsheet (columns
 * with a header row: a paste of cells' values is the table's own) and a CSV file dropped anywhere on the page. Each
 * comes to `start` as the file the import reads. `dragging` is true while a file is held over the page.
 */
export function useImportFromPage(start: (file: File) => void, enabled: boolean) {
  const [dragging, setDragging] = useState(false);
  const begin = useRef(start);
  begin.current = start;

  useEffect(() => {
    if (!enabled) return;
    const paste = (event: ClipboardEvent) => {
      const text = event.clipboardData?.getData("text/plain") ?? "";
      if (event.defaultPrevented || !onThePage(event.target) || !isPastedTable(text)) return;
      event.preventDefault();
      begin.current(new File([text], "Pasted rows.tsv", { type: "text/tab-separated-values" }));
    };
    // dragenter and dragleave fire for each element crossed: counted, the page is left when they even out.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!isFileDrag(event)) return;
      depth++;
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!isFileDrag(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (event: DragEvent) => {
      // Without this the browser opens the dropped file in place of the app.
      if (isFileDrag(event)) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      if (!isFileDrag(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      // A dialog's own drop area (the import's) takes its file itself.
      if (event.target instanceof Element && event.target.closest("[role=dialog]")) return;
      const file = event.dataTransfer?.files[0];
      if (file) begin.current(file);
    };
    window.addEventListener("paste", paste);
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragleave", leave);
    window.addEventListener("dragover", over);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("paste", paste);
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("dragover", over);
      window.removeEventListener("drop", drop);
    };
  }, [enabled]);

  return { dragging };
}
