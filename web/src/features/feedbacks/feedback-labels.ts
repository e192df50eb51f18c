import type { inferOutput } from "@trpc/tanstack-react-query";
import { feedbackCategories, feedbackStatuses, type FeedbackCategory } from "../../../../drizzle/values";
import type { trpc } from "../../lib/trpc";

export type Feedback = inferOutput<typeof trpc.feedback.list>[number];
export type FeedbackStatus = (typeof feedbackStatuses)[number];
export type { FeedbackCategory };
export { feedbackCategories, feedbackStatuses };

type Tone = "neutral" | "primary" | "success" | "danger";

export const categoryMeta: Record<FeedbackCategory, { label: string; tone: Tone }> = {
  bug: { label: "Bug", tone: "danger" },
  idea: { label: "Idea", tone: "primary" },
  praise: { label: "Praise", tone: "success" },
  other: { label: "Other", tone: "neutral" },
};

export const statusMeta: Record<FeedbackStatus, { label: string; tone: Tone }> = {
  new: { label: "New", tone: "primary" },
  planned: { label: "Planned", tone: "neutral" },
  done: { label: "Done", tone: "success" },
  dismissed: { label: "Dismissed", tone: "neutral" },
};
