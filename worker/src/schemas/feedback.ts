import { z } from "zod";
import { feedbackCategories } from "../../../drizzle/values";
import { multiLineText } from "./text";

export const feedbackCreateInput = z.object({
  text: multiLineText()
    .min(3, "Tell us a little more (3 characters or more).")
    .max(5000, "Keep it under 5,000 characters."),
  category: z.enum(feedbackCategories).default("idea"),
  page: z.string().trim().max(300).default("/"),
});
export type FeedbackCreateInput = z.input<typeof feedbackCreateInput>;
