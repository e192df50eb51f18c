import { Bot, Flame, Search } from "lucide-react";
import { useShell } from "../../app/shell-context";
import { formatDate } from "../../lib/format";
import { Button } from "../../ui/button";
import { Kbd, modKey } from "../../ui/kbd";
import { PageBody, PageHeader } from "../../ui/page";
import { useCurrentUser } from "../auth/use-current-user";
import { ChecklistCard } from "./checklist-card";
import { firstName, greetingFor } from "./greeting";
import { CardEmpty, HomeCard } from "./home-card";
import { MyTasksCard } from "./my-tasks-card";
import { PipelineCard } from "./pipeline-card";
import { RecentActivityCard } from "./recent-activity-card";

export default function HomePage() {
  const { data: user } = useCurrentUser();
  const { openPalette } = useShell();
  const now = new Date();
  const greeting = user ? `${greetingFor(now.getHours())}, ${firstName(user)}` : greetingFor(now.getHours());

  return (
    <>
      <PageHeader
        title={greeting}
        description={
          <span data-testid="home-subtitle">
            {user?.organization.name}
            {user && " · "}
            {formatDate(now)}
          </span>
        }
        actions={
          <Button variant="secondary" onClick={openPalette}>
            <Search className="size-4 text-muted" aria-hidden />
            Jump to
            <span className="ml-1 flex gap-0.5">
              <Kbd>{modKey}</Kbd>
              <Kbd>K</Kbd>
            </span>
          </Button>
        }
      />
      <PageBody>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
          <MyTasksCard className="lg:col-span-2" />
          <ChecklistCard />
          <PipelineCard className="lg:col-span-2" />
          <HomeCard title="Hot leads" icon={Flame} to="/hot-leads" testId="home-hot-leads">
            <CardEmpty title="No hot leads yet">
              Contacts whose lead score crosses your threshold appear here, with the reason.
            </CardEmpty>
          </HomeCard>
          <RecentActivityCard className="lg:col-span-2" />
          {/* Its own height, at the top of its row: stretched beside a long activity feed, its empty
              state sat out of sight, halfway down a tall blank card. */}
          <HomeCard
            title="Latest agent updates"
            icon={Bot}
            to="/agents"
            testId="home-agent-updates"
            className="lg:self-start"
          >
            <CardEmpty title="No agent updates yet">Agents watch your records and report here what they did.</CardEmpty>
          </HomeCard>
        </div>
      </PageBody>
    </>
  );
}
