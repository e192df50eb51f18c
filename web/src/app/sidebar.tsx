import * as Dropdown from "@radix-ui/react-dropdown-menu";
import {
  ChevronsUpDown,
  LogOut,
  MessageSquarePlus,
  Moon,
  PanelLeftClose,
  PanelLeftOpen,
  Search,
  Settings,
  Sun,
  UserRound,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useState, type ComponentProps } from "react";
import { NavLink, useLocation, useNavigate } from "react-router-dom";
import { usePageSearchParams } from "../lib/page-search-params";
import { useCurrentUser } from "../features/auth/use-current-user";
import { SidebarViews } from "../features/views/sidebar-views";
import { SidebarFavorites } from "../features/favorites/sidebar-favorites";
import { useDueBadge } from "../features/tasks/due-count";
import type { DueBadge } from "../features/tasks/task-counts";
import { useAuth } from "../lib/auth";
import { useTheme } from "../lib/theme";
import { Avatar } from "../ui/avatar";
import { cn } from "../ui/cn";
import { Kbd, modKey } from "../ui/kbd";
import { mainNav, settingsItem, type NavItem } from "./navigation";
import { NotificationsButton } from "../features/notifications/notifications-button";
import { preloadPagesFor } from "./routes";
import { useShell } from "./shell-context";
import { menuContent, menuSeparator } from "../ui/menu";

/*
 * Below 1024 px (a laptop's window beside an email client) the sidebar is a rail of icons, so a page keeps its room;
 * its button opens the whole sidebar over the page. These show what the rail leaves out.
 */
const wideOnly = "hidden lg:block group-data-[expanded=true]/sidebar:block";
const wideOnlyInline = "hidden lg:inline group-data-[expanded=true]/sidebar:inline";
const railCentered = "justify-center lg:justify-start group-data-[expanded=true]/sidebar:justify-start";

function SidebarLink({ item, badge }: { item: NavItem; badge?: DueBadge | null }) {
  // With a saved view open, the view's own link is the highlighted one.
  const [params] = usePageSearchParams();
  const viewOpen = item.views !== undefined && params.has("view");
  return (
    <NavLink
      to={item.to}
      // A new visit, also from the page itself: React Router would replace the entry when the link
      // names the page shown, which is still the last one while the next page's code loads.
      replace={false}
      // What it shows first ("Tasks 3"), as a person using voice control reads it, then the count in words.
      aria-label={badge ? `${item.label} ${badge.text}: ${badge.said}` : item.label}
      title={item.goKey ? `${item.label} (g then ${item.goKey})` : item.label}
      // The page's code starts loading as the pointer or focus reaches its link, before the click.
      onPointerEnter={() => preloadPagesFor(item.to)}
      onFocus={() => preloadPagesFor(item.to)}
      className={({ isActive }) =>
        cn(
          "flex h-8 items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium transition-colors",
          railCentered,
          isActive && !viewOpen
            ? "bg-primary-soft text-primary"
            : isActive
              ? "text-foreground hover:bg-surface-2"
              : "text-muted hover:bg-surface-2 hover:text-foreground",
        )
      }
    >
      <span className="relative shrink-0">
        <item.icon className="size-4" aria-hidden />
        {/* In the rail, a dot on the icon says there is something due. */}
        {badge && (
          <span
            className={cn(
              "absolute -top-0.5 -right-0.5 size-1.5 rounded-full lg:hidden group-data-[expanded=true]/sidebar:hidden",
              badge.urgent ? "bg-danger" : "bg-primary",
            )}
          />
        )}
      </span>
      <span className={cn("truncate", wideOnlyInline)}>{item.label}</span>
      {/* A space, so its text reads "Tasks 3" as its name does, not "Tasks3". */}
      {badge && " "}
      {badge && (
        <span
          data-testid="nav-due-count"
          className={cn(
            "ml-auto min-w-5 rounded-full px-1.5 text-center text-[11px] leading-[18px] font-semibold tabular-nums",
            wideOnlyInline,
            badge.urgent ? "bg-danger-soft text-danger" : "bg-surface-2 text-muted",
          )}
        >
          {badge.text}
        </span>
      )}
    </NavLink>
  );
}

/** A button among the sidebar's links, looking like one: its icon alone in the rail, `text` beside it otherwise. */
function SidebarButton({
  icon: Icon,
  label,
  text = label,
  className,
  ...props
}: { icon: LucideIcon; label: string; text?: string } & ComponentProps<"button">) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        "flex h-8 w-full items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium text-muted hover:bg-surface-2 hover:text-foreground",
        railCentered,
        className,
      )}
      {...props}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className={wideOnlyInline}>{text}</span>
    </button>
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
        className={cn("flex w-full items-center gap-2.5 rounded-md p-2 text-left hover:bg-surface-2", railCentered)}
        // What it shows, then what it is: the name a person using voice control reads off the screen.
        aria-label={`${user?.displayName ? `${name} ${user.email}` : name}, account menu`}
        title={name}
      >
        <Avatar name={name} photoUrl={user?.photoUrl} />
        <span className={cn("min-w-0 flex-1", wideOnly)}>
          <span className="block truncate text-[13px] font-medium text-foreground">{name}</span>
          {/* Without a name, the email above is all there is to show: not twice. The space keeps the two words apart
              for what reads the button's text ("Ada Lovelace ada@…", not "Ada Lovelaceada@…"). */}
          {user?.displayName && (
            <>
              {" "}
              <span className="block truncate text-xs text-muted">{user.email}</span>
            </>
          )}
        </span>
        <ChevronsUpDown className={cn("size-4 shrink-0 text-muted", wideOnly)} aria-hidden />
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content side="top" align="start" sideOffset={6} className={`${menuContent} w-60`}>
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
          <Dropdown.Separator className={menuSeparator} />
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
  const dueTasks = useDueBadge(Boolean(organization));
  const [expanded, setExpanded] = useState(false);
  const { pathname, search } = useLocation();
  // The opened sidebar is a way somewhere: it closes once the page changes.
  useEffect(() => setExpanded(false), [pathname, search]);
  useEffect(() => {
    if (!expanded) return;
    // Escape closes the opened sidebar and nothing else (not the record panel or the selection under it).
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      setExpanded(false);
    };
    window.addEventListener("keydown", closeOnEscape, { capture: true });
    return () => window.removeEventListener("keydown", closeOnEscape, { capture: true });
  }, [expanded]);

  return (
    <div className="relative w-14 shrink-0 lg:w-60">
      {expanded && (
        <div className="fixed inset-0 z-30 bg-black/20 lg:hidden" aria-hidden onClick={() => setExpanded(false)} />
      )}
      <aside
        data-expanded={expanded}
        className="group/sidebar absolute inset-y-0 left-0 z-40 flex w-14 flex-col border-r border-border bg-sidebar data-[expanded=true]:w-60 data-[expanded=true]:shadow-xl lg:w-60 lg:data-[expanded=true]:shadow-none"
        aria-label="Main navigation"
      >
        <div className={cn("flex items-center gap-2.5 px-3.5 pt-4 pb-3 lg:px-4", railCentered)}>
          <div
            className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-xs font-bold text-primary-foreground"
            aria-hidden
            title={organization?.name}
          >
            {organization?.name.slice(0, 1).toUpperCase()}
          </div>
          <div className={cn("min-w-0 flex-1", wideOnly)}>
            <p className="truncate text-sm font-semibold text-foreground" data-testid="organization-name">
              {organization?.name}
            </p>
            <p className="text-xs text-muted capitalize">
              {organization?.plan} plan · {user?.role}
            </p>
          </div>
        </div>
        <div className="px-2 pb-2 lg:px-3">
          <SidebarButton
            icon={expanded ? PanelLeftClose : PanelLeftOpen}
            label={expanded ? "Close the sidebar" : "Open the sidebar"}
            text="Close"
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            className="mb-1 lg:hidden"
          />
          <button
            type="button"
            onClick={openPalette}
            // Its name holds what it shows (the shortcut too), as a person using voice control reads it.
            aria-label={`Search… ${modKey} K`}
            aria-keyshortcuts="Control+K Meta+K"
            title="Search"
            className={cn(
              "flex h-8 w-full items-center gap-2 rounded-md border border-border bg-background px-2.5 text-[13px] text-muted shadow-xs hover:text-foreground",
              railCentered,
            )}
          >
            <Search className="size-4 shrink-0" aria-hidden />
            {/* The spaces keep what it shows three words, as its name reads ("Search… Ctrl K"), not "Search…CtrlK". */}
            <span className={cn("flex-1 truncate text-left", wideOnlyInline)}>Search…</span>{" "}
            <span className={cn("gap-1", "hidden lg:flex group-data-[expanded=true]/sidebar:flex")}>
              <Kbd>{modKey}</Kbd> <Kbd>K</Kbd>
            </span>
          </button>
        </div>
        <nav className="flex-1 space-y-0.5 overflow-y-auto px-2 py-2 lg:px-3">
          {mainNav.map((item) => (
            <div key={item.to}>
              <SidebarLink item={item} badge={item.to === "/tasks" ? dueTasks : undefined} />
              {item.views && (
                <div className={wideOnly}>
                  <SidebarViews object={item.views} />
                </div>
              )}
            </div>
          ))}
          <div className={wideOnly}>
            <SidebarFavorites />
          </div>
        </nav>
        <div className="space-y-0.5 border-t border-border px-2 py-2 lg:px-3">
          <NotificationsButton className={railCentered} textClassName={wideOnlyInline} />
          <SidebarLink item={settingsItem} />
          <SidebarButton icon={MessageSquarePlus} label="Send feedback" onClick={openFeedback} />
        </div>
        <div className="border-t border-border p-2">
          <UserMenu />
        </div>
      </aside>
    </div>
  );
}
