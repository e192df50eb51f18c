-- Saved views carry a version, so two people saving one view at once do not silently overwrite each other.
ALTER TABLE `saved_views` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `saved_views` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE `saved_views` SET `updated_by` = `created_by`;
