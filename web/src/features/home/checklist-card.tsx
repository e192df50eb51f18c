import { useQuery } from "@tanstack/react-query";
import { Check, ChevronRight, MessageSquarePlus, Palette, Rocket, UserPlus, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useShell } from "../../app/shell-context";
import { trpc } from "../../lib/trpc";
import { cn } from "../../ui/cn";
import { useCurrentUser } from "../auth/use-current-user";
import { useMembers } from "../members/use-members";
import { HomeCard } from "./home-card";

type StepProps = { icon: LucideIcon; title: string; description: string; done?: boolean };

function StepBody({ icon: Icon, title, description, done }: StepProps) {
  return (
    <>
      <span
        className={cn(
          "flex size-7 shrink-0 items-center justify-center rounded-full border",
          done ? "border-success/40 bg-success/10 text-success" : "border-border bg-surface text-muted",
        )}
      >
        {done ? <Check className="size-3.5" aria-label="Done" /> : <Icon className="size-3.5" aria-hidden />}
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn("block text-[13px] font-medium", done ? "text-muted line-through" : "text-foreground")}>
          {title}
        </span>
        <span className="block text-xs text-muted">{description}</span>
      </span>
      <ChevronRight
        className="size-4 shrink-0 text-muted opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
        aria-hidden
      />
    </>
  );
}

const stepClass =
  "group flex w-full items-center gap-3 px-4 py-2.5 text-left hover:bg-surface focus-visible:bg-surface";

function StepLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={stepClass}>
      {children}
    </Link>
  );
}

export function ChecklistCard({ className }: { className?: string }) {
  const { openFeedback } = useShell();
  const { data: user } = useCurrentUser();
  const members = useMembers();
  const feedback = useQuery(trpc.feedback.list.queryOptions());
  const canInvite = user?.role !== "member";
  const hasTeammates = (members.data?.length ?? 0) > 1;
  const sentFeedback = feedback.data?.some((item) => item.createdBy === user?.id) ?? false;

  return (
    <HomeCard title="Get your team in" icon={Rocket} className={className} testId="home-checklist">
      <ul className="divide-y divide-border">
        <li>
          <StepLink to="/settings/members">
            <StepBody
              icon={UserPlus}
              title="Invite a teammate"
              description={
                canInvite ? "Send a link; they join with their own email." : "Ask an admin for an invite link."
              }
              done={hasTeammates}
            />
          </StepLink>
        </li>
        <li>
          <StepLink to="/settings/preferences">
            <StepBody
              icon={Palette}
              title="Set your preferences"
              description="Theme, how dates are written, task reminders."
            />
          </StepLink>
        </li>
        <li>
          <button type="button" onClick={openFeedback} className={stepClass}>
            <StepBody
              icon={MessageSquarePlus}
              title="Send us feedback"
              description="What works, what does not, what you need."
              done={sentFeedback}
            />
          </button>
        </li>
      </ul>
    </HomeCard>
  );
}
