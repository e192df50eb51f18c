import {
  BarChart3,
  Bot,
  Building2,
  CheckSquare,
  CircleUser,
  Contact,
  CreditCard,
  Flame,
  Handshake,
  Home,
  KeyRound,
  IdCard,
  MessageSquareText,
  Palette,
  Plug,
  SlidersHorizontal,
  Users,
  UsersRound,
  Workflow,
  Settings,
  Building,
  type LucideIcon,
} from "lucide-react";

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  keywords?: string;
  /** `g` then this key goes there. */
  goKey?: string;
  /** The object whose saved views the sidebar lists under this link. */
  views?: "contact" | "company";
};

/** The areas of SPEC §1, in the order a sales team works them; sidebar and palette both read this. */
export const mainNav: NavItem[] = [
  { to: "/home", label: "Home", icon: Home, keywords: "dashboard start", goKey: "h" },
  { to: "/contacts", label: "Contacts", icon: Contact, keywords: "people persons", views: "contact", goKey: "c" },
  {
    to: "/companies",
    label: "Companies",
    icon: Building2,
    keywords: "accounts organizations",
    views: "company",
    goKey: "o",
  },
  { to: "/deals", label: "Deals", icon: Handshake, keywords: "pipeline board opportunities", goKey: "d" },
  { to: "/tasks", label: "Tasks", icon: CheckSquare, keywords: "todo to-do", goKey: "t" },
  { to: "/hot-leads", label: "Hot leads", icon: Flame, keywords: "score", goKey: "l" },
  { to: "/linkedin/users", label: "LinkedIn users", icon: IdCard, keywords: "profiles import" },
  { to: "/reports", label: "Reports", icon: BarChart3, keywords: "charts forecast analytics", goKey: "r" },
  { to: "/agents", label: "Agents", icon: Bot, keywords: "automation rules", goKey: "a" },
  { to: "/team", label: "Team", icon: UsersRound, keywords: "members people" },
  { to: "/feedbacks", label: "Feedbacks", icon: MessageSquareText, keywords: "feedback ideas bugs" },
];

export const settingsNav: NavItem[] = [
  { to: "/settings/profile", label: "Profile", icon: CircleUser },
  { to: "/settings/members", label: "Members", icon: Users, keywords: "invite team" },
  { to: "/settings/integrations", label: "Integrations", icon: Plug, keywords: "webhooks api tokens" },
  { to: "/settings/accounts", label: "Connected accounts", icon: KeyRound, keywords: "google password sign-in" },
  { to: "/settings/preferences", label: "Preferences", icon: Palette, keywords: "theme dark light locale" },
  { to: "/settings/deals", label: "Pipelines", icon: Workflow, keywords: "deals stages" },
  { to: "/settings/properties", label: "Properties", icon: SlidersHorizontal, keywords: "custom fields" },
  { to: "/settings/billing", label: "Billing", icon: CreditCard, keywords: "plan seats" },
  { to: "/settings/workspace", label: "Workspace", icon: Building, keywords: "organization currency timezone" },
];

/** The sidebar's link to the settings (below the areas). */
export const settingsItem: NavItem = { to: "/settings", label: "Settings", icon: Settings, goKey: "s" };

/** Where `g` then a key goes: the areas with a key, and Settings. */
export const goToItems: NavItem[] = [...mainNav.filter((item) => item.goKey), settingsItem];
