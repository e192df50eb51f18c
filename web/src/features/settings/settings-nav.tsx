import { NavLink } from "react-router-dom";
import { settingsNav, type NavItem } from "../../app/navigation";
import { cn } from "../../ui/cn";

// What belongs to the person versus to the whole workspace, the way Linear splits its settings.
const personal = new Set(["/settings/profile", "/settings/accounts", "/settings/preferences"]);
const groups: { label: string; items: NavItem[] }[] = [
  { label: "Account", items: settingsNav.filter((item) => personal.has(item.to)) },
  { label: "Workspace", items: settingsNav.filter((item) => !personal.has(item.to)) },
];

export function SettingsNav() {
  return (
    <nav aria-label="Settings" className="shrink-0 lg:sticky lg:top-6 lg:w-52 lg:self-start">
      <div className="flex flex-wrap gap-x-6 gap-y-3 lg:flex-col lg:flex-nowrap lg:gap-5">
        {groups.map((group) => (
          <div key={group.label}>
            <p className="mb-1 px-2.5 text-[11px] font-semibold tracking-wide text-muted uppercase">{group.label}</p>
            <ul className="flex flex-wrap gap-0.5 lg:flex-col">
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      cn(
                        "flex h-8 items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium whitespace-nowrap transition-colors",
                        isActive
                          ? "bg-primary-soft text-primary"
                          : "text-muted hover:bg-surface-2 hover:text-foreground",
                      )
                    }
                  >
                    <item.icon className="size-4 shrink-0" aria-hidden />
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
