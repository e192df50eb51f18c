import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { tenant } from "./organizations";
import { taggedObjects } from "./values";

/**
 * One row per record and tag: a copy of each contact's and company's `tags` JSON that triggers keep
 * (migrations/0005; the app never writes it), so "has tag" reads one index range instead of every
 * record's JSON. `tag_key` is lower(tag) (SQLite's lower: ASCII letters only), so a record holds a
 * tag once whatever its case.
 */
export const recordTags = sqliteTable(
  "record_tags",
  {
    organizationId: tenant(),
    object: text("object", { enum: taggedObjects }).notNull(),
    recordId: text("record_id").notNull(),
    /** As the record spells it (the first spelling, when it holds several cases of one tag). */
    tag: text("tag").notNull(),
    tagKey: text("tag_key").notNull(),
    /** The record's deleted_at, so the live list and the trash each read one index range. */
    deletedAt: timestamp("deleted_at"),
  },
  (t) => [
    uniqueIndex("record_tags_record_tag_uq").on(t.organizationId, t.object, t.recordId, t.tagKey),
    index("record_tags_filter_idx").on(t.organizationId, t.object, t.tagKey, t.deletedAt, t.recordId),
  ],
);

/**
 * An organization's tag vocabulary per object, kept by triggers on `record_tags` (migrations/0005):
 * `count` is how many live records carry the tag; a tag no live record carries is deleted.
 */
export const tags = sqliteTable(
  "tags",
  {
    organizationId: tenant(),
    object: text("object", { enum: taggedObjects }).notNull(),
    /** As first written by a record that brought the tag into use. */
    name: text("name").notNull(),
    tagKey: text("tag_key").notNull(),
    count: integer("count").notNull().default(0),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("tags_org_object_key_uq").on(t.organizationId, t.object, t.tagKey)],
);
