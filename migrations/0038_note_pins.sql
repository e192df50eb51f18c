ALTER TABLE `notes` ADD `pinned_at` integer;--> statement-breakpoint
ALTER TABLE `notes` ADD `pinned_by` text;--> statement-breakpoint
CREATE INDEX `notes_org_pinned_idx` ON `notes` (`organization_id`,`record_id`,`pinned_at`) WHERE "notes"."pinned_at" IS NOT NULL AND "notes"."deleted_at" IS NULL;