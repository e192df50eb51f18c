import * as Dropdown from "@radix-ui/react-dropdown-menu";
import { ChevronsUpDown, LogOut, MessageSquarePlus, Moon, Search, Settings, Sun, UserRound } from "lucide-react";
import { NavLink, useNavigate, useSearchParams } from "react-router-dom";
import { useCurrentUser } from "../features/auth/use-current-user";
import { SidebarViews } from "../features/views/sidebar-views";
import { useAuth } from "../lib/auth";
import { useTheme } from "../lib/theme";
import { Avatar } from "../ui/avatar";
import { cn } from "../ui/cn";
import { Kbd, modKey } from "../ui/kbd";
import { mainNav, type NavItem } from "./navigation";
import { useShell } from "./shell-context";

function SidebarLink({ item }: { item: NavItem }) {
  // With a saved view open, the view's own link is the highlighted one.
  const [params] = useSearchParams();
  const viewOpen = item.views !== undefined && params.has("view");
  return (
    <NavLink
      to={item.to}
      className={({ isActive }) =>
        cn(
          "flex h-8 items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium transition-colors",
          isActive && !viewOpen
            ? "bg-primary-soft text-primary"
            : isActive
              ? "text-foreground hover:bg-surface-2"
              : "text-muted hover:bg-surface-2 hover:text-foreground",
        )
      }
    >
      <item.icon className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{item.label}</span>
    </NavLink>
  );
}

const menuItem =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-foreground outline-none data-[highlighted]:bg-surface-2";

function UserMenu() {
  const { data: user } = useCurrentUser();
  const { signOut } = useAuth();
  const { theme, toggleTheme } = useTheme();
  const navigate = useNavigate();
  const name = user?.displayName || user?.email || "You";

  const handleSignOut = async () => {
    await signOut();
    navigate("/signin", { replace: true });
  };

  return (
    <Dropdown.Root>
      <Dropdown.Trigger
        className="flex w-full items-center gap-2.5 rounded-md p-2 text-left hover:bg-surface-2"
        aria-label="Account menu"
      >
        <Avatar name={name} photoUrl={user?.photoUrl} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[13px] font-medium text-foreground">{name}</span>
          <span className="block truncate text-xs text-muted">{user?.email}</span>
        </span>
        <ChevronsUpDown className="size-4 text-muted" aria-hidden />
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content
          side="top"
          align="start"
          sideOffset={6}
          className="z-50 w-60 rounded-lg border border-border bg-background p-1 shadow-xl"
        >
          <Dropdown.Item className={menuItem} onSelect={() => navigate("/settings/profile")}>
            <UserRound className="size-4 text-muted" /> Profile
          </Dropdown.Item>
          <Dropdown.Item className={menuItem} onSelect={() => navigate("/settings/preferences")}>
            <Settings className="size-4 text-muted" /> Settings
          </Dropdown.Item>
          <Dropdown.Item className={menuItem} onSelect={toggleTheme}>
            {theme === "dark" ? <Sun className="size-4 text-muted" /> : <Moon className="size-4 text-muted" />}
            {theme === "dark" ? "Light theme" : "Dark theme"}
          </Dropdown.Item>
          <Dropdown.Separator className="my-1 h-px bg-border" />
          <Dropdown.Item className={menuItem} onSelect={() => void handleSignOut()}>
            <LogOut className="size-4 text-muted" /> Sign out
          </Dropdown.Item>
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}

export function Sidebar() {
  const { data: user } = useCurrentUser();
  const { openPalette, openFeedback } = useShell();
  const organization = user?.organization;

  return (
    <aside className="flex w-60 shrink-0 flex-col border-r border-border bg-sidebar" aria-label="Main navigation">
      <div className="flex items-center gap-2.5 px-4 pt-4 pb-3">
        <div
          className="flex size-7 items-center justify-center rounded-md bg-primary text-xs font-bold text-primary-foreground"
          aria-hidden
        >
          {organization?.name.slice(0, 1).toUpperCase()}
        </div>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-foreground" data-testid="organization-name">
            {organization?.name}
          </p>
          <p className="text-xs text-muted capitalize">
            {organization?.plan} plan · {user?.role}
          </p>
        </div>
      </div>
      <div className="px-3 pb-2">
        <button
          type="button"
          onClick={openPalette}
          className="flex h-8 w-full items-center gap-2 rounded-md border border-border bg-background px-2.5 text-[13px] text-muted shadow-xs hover:text-foreground"
        >
          <Search className="size-4" aria-hidden />
          <span className="flex-1 truncate text-left">Search…</span>
          <Kbd>{modKey}</Kbd>
          <Kbd>K</Kbd>
        </button>
      </div>
      <nav className="flex-1 space-y-0.5 overflow-y-auto px-3 py-2">
        {mainNav.map((item) => (
          <div key={item.to}>
            <SidebarLink item={item} />
            {item.views && <SidebarViews object={item.views} />}
          </div>
        ))}
      </nav>
      <div className="space-y-0.5 border-t border-border px-3 py-2">
        <SidebarLink item={{ to: "/settings", label: "Settings", icon: Settings }} />
        <button
          type="button"
          onClick={openFeedback}
          className="flex h-8 w-full items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium text-muted hover:bg-surface-2 hover:text-foreground"
        >
          <MessageSquarePlus className="size-4" aria-hidden />
          Send feedback
        </button>
      </div>
      <div className="border-t border-border p-2">
        <UserMenu />
      </div>
    </aside>
  );
}
