import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizationId, timestamps } from "./columns";
import { organizations } from "./organizations";
import { feedbackCategories, feedbackStatuses } from "./values";

export const feedback = sqliteTable(
  "feedback",
  {
    id: text("id").primaryKey(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    category: text("category", { enum: feedbackCategories }).notNull(),
    page: text("page").notNull(),
    status: text("status", { enum: feedbackStatuses }).notNull().default("new"),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [index("feedback_org_created_idx").on(t.organizationId, t.createdAt)],
);
