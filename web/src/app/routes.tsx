import { Suspense } from "react";
import { matchRoutes, Navigate, Outlet, type RouteObject } from "react-router-dom";
import { FullScreenSpinner } from "../ui/spinner";
import { lazyPage, lazyPagesIn } from "../lib/lazy-page";
import { Guard } from "./guards";
import { PageVisit } from "./page-visit";
import { RouteError } from "./route-error";

/** SPEC §2, one readable table. Every page is its own lazily loaded chunk. */
// The shell (sidebar, palette, menus) is a chunk of its own, so /signin ships without it.
const AppLayout = lazyPage(() => import("./app-layout"));

const page = {
  signIn: lazyPage(() => import("../features/auth/sign-in-page")),
  signUp: lazyPage(() => import("../features/auth/sign-up-page")),
  tokenProvider: lazyPage(() => import("../features/auth/token-provider-page")),
  setup: lazyPage(() => import("../features/setup/setup-page")),
  invite: lazyPage(() => import("../features/invite/invite-page")),
  home: lazyPage(() => import("../features/home/home-page")),
  linkedinUsers: lazyPage(() => import("../features/linkedin/linkedin-users-page")),
  feedbacks: lazyPage(() => import("../features/feedbacks/feedbacks-page")),
  contacts: lazyPage(() => import("../features/contacts/contacts-page")),
  tasks: lazyPage(() => import("../features/tasks/tasks-page")),
  reports: lazyPage(() => import("../features/reports/reports-page")),
  companies: lazyPage(() => import("../features/companies/companies-page")),
  deals: lazyPage(() => import("../features/deals/deals-page")),
  team: lazyPage(() => import("../features/team/team-page")),
  hotLeads: lazyPage(() => import("../features/hot-leads/hot-leads-page")),
  agents: lazyPage(() => import("../features/agents/agents-page")),
  agent: lazyPage(() => import("../features/agents/agent-page")),
  agentUpdates: lazyPage(() => import("../features/agents/agent-updates-page")),
  agentRule: lazyPage(() => import("../features/agents/agent-rule-page")),
  settings: {
    layout: lazyPage(() => import("../features/settings/settings-layout")),
    profile: lazyPage(() => import("../features/settings/profile-page")),
    members: lazyPage(() => import("../features/settings/members-page")),
    integrations: lazyPage(() => import("../features/settings/integrations-page")),
    accounts: lazyPage(() => import("../features/settings/accounts-page")),
    preferences: lazyPage(() => import("../features/settings/preferences-page")),
    deals: lazyPage(() => import("../features/settings/pipeline-settings-page")),
    properties: lazyPage(() => import("../features/settings/properties-page")),
    billing: lazyPage(() => import("../features/settings/billing-page")),
    workspace: lazyPage(() => import("../features/settings/workspace-page")),
  },
  notFound: lazyPage(() => import("./not-found-page")),
};

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      // Public
      { path: "/signin", element: <page.signIn /> },
      { path: "/signup", element: <page.signUp /> },
      { path: "/auth/token-provider", element: <page.tokenProvider /> },
      { path: "/invite/:token", element: <page.invite /> },
      // Signed in, not yet registered
      { element: <Guard require="signed-in" />, children: [{ path: "/setup", element: <page.setup /> }] },
      // Registered
      {
        element: <Guard require="registered" />,
        children: [
          {
            path: "/",
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to="/home" replace /> },
              { path: "home", element: <page.home /> },
              { path: "linkedin/users", element: <page.linkedinUsers /> },
              { path: "feedbacks", element: <page.feedbacks /> },
              {
                path: "contacts",
                element: (
                  <PageVisit>
                    <page.contacts />
                  </PageVisit>
                ),
              },
              { path: "tasks", element: <page.tasks /> },
              { path: "reports", element: <page.reports /> },
              {
                path: "companies",
                element: (
                  <PageVisit>
                    <page.companies />
                  </PageVisit>
                ),
              },
              { path: "deals", element: <page.deals /> },
              { path: "team", element: <page.team /> },
              { path: "hot-leads", element: <page.hotLeads /> },
              { path: "agents", element: <page.agents /> },
              { path: "agents/:agentId", element: <page.agent /> },
              { path: "agents/:agentId/updates", element: <page.agentUpdates /> },
              { path: "agents/:agentId/rules/:ruleId", element: <page.agentRule /> },
              {
                path: "settings",
                element: <page.settings.layout />,
                children: [
                  { index: true, element: <Navigate to="/settings/profile" replace /> },
                  { path: "profile", element: <page.settings.profile /> },
                  { path: "members", element: <page.settings.members /> },
                  { path: "integrations", element: <page.settings.integrations /> },
                  { path: "accounts", element: <page.settings.accounts /> },
                  { path: "preferences", element: <page.settings.preferences /> },
                  { path: "deals", element: <page.settings.deals /> },
                  { path: "properties", element: <page.settings.properties /> },
                  { path: "billing", element: <page.settings.billing /> },
                  { path: "workspace", element: <page.settings.workspace /> },
                ],
              },
              { path: "*", element: <page.notFound /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Starts loading the chunks of the page at `pathname` (its layouts and the page itself) while the app starts and
 * signs in, so they are there when the guards let it render.
 */
export function preloadPagesFor(pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? [])
    for (const page of lazyPagesIn(match.route.element)) void page.preload();
}
