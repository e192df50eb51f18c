import { Layers, Users } from "lucide-react";
import { Link, useLocation } from "react-router-dom";
import { usePageSearchParams } from "../../lib/page-search-params";
import { cn } from "../../ui/cn";
import type { RecordObject } from "../records/use-record-actions";
import { useViews, viewHref, viewPaths } from "./use-views";

/** One object's saved views under its sidebar link; the open one is highlighted. */
export function SidebarViews({ object }: { object: RecordObject }) {
  const { data: views } = useViews(object);
  const { pathname } = useLocation();
  const [params] = usePageSearchParams();
  const openId = pathname === viewPaths[object] ? params.get("view") : null;
  if (!views?.length) return null;

  return (
    <ul className="mb-1 ml-[18px] space-y-0.5 border-l border-border pl-2" aria-label={`Saved views`}>
      {views.map((view) => (
        <li key={view.id}>
          <Link
            to={viewHref(object, view.id)}
            aria-current={openId === view.id ? "page" : undefined}
            data-testid="sidebar-view"
            className={cn(
              "flex h-7 items-center gap-2 rounded-md px-2 text-[13px] transition-colors",
              openId === view.id
                ? "bg-primary-soft font-medium text-primary"
                : "text-muted hover:bg-surface-2 hover:text-foreground",
            )}
          >
            {view.shared ? (
              <Users className="size-3.5 shrink-0" aria-label="Shared view" />
            ) : (
              <Layers className="size-3.5 shrink-0" aria-hidden />
            )}
            <span className="truncate">{view.name}</span>
            {view.isDefault && (
              <span
                className={cn(
                  "ml-auto shrink-0 text-[11px] font-normal",
                  openId === view.id ? "text-primary" : "text-muted",
                )}
                title="Opens first for you"
              >
                default
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
