import { Command } from "cmdk";
import { Layers, Users } from "lucide-react";
import { useNavigate } from "react-router-dom";
import type { RecordObject } from "../records/use-record-actions";
import { useViews, viewHref } from "./use-views";

const listNames: Record<RecordObject, string> = { contact: "Contacts", company: "Companies" };

/**
 * The saved views of contacts and companies, found by name in the palette: a view is two keys away however narrow the
 * window (the sidebar's rail leaves them out). `run` closes the palette and does what it is given.
 */
export function PaletteViews({ run }: { run: (action: () => void) => void }) {
  const navigate = useNavigate();
  const contactViews = useViews("contact").data ?? [];
  const companyViews = useViews("company").data ?? [];
  const views = [
    ...contactViews.map((view) => ({ view, object: "contact" as const })),
    ...companyViews.map((view) => ({ view, object: "company" as const })),
  ];
  if (views.length === 0) return null;
  return (
    <Command.Group heading="Saved views">
      {views.map(({ view, object }) => {
        const Icon = view.shared ? Users : Layers;
        return (
          <Command.Item
            key={view.id}
            value={`view ${view.name} ${listNames[object]} ${view.id}`}
            onSelect={() => run(() => navigate(viewHref(object, view.id)))}
          >
            <Icon className="size-4 text-muted" aria-hidden />
            <span className="truncate">{view.name}</span>
            <span className="ml-auto shrink-0 text-xs text-muted">
              {listNames[object]} · {view.shared ? "shared" : "private"}
            </span>
          </Command.Item>
        );
      })}
    </Command.Group>
  );
}
