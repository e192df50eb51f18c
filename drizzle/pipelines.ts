import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizationId, timestamps } from "./columns";
import { organizations } from "./organizations";
import { stageKinds } from "./values";

export const pipelines = sqliteTable(
  "pipelines",
  {
    id: text("id").primaryKey(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull(),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [index("pipelines_org_idx").on(t.organizationId, t.position)],
);

export const pipelineStages = sqliteTable(
  "pipeline_stages",
  {
    id: text("id").primaryKey(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    pipelineId: text("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    probability: integer("probability").notNull(), // win probability, 0–100 %
    kind: text("kind", { enum: stageKinds }).notNull(),
    createdBy: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [index("pipeline_stages_pipeline_idx").on(t.organizationId, t.pipelineId, t.position)],
);
