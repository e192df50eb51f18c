-- Calls, meetings and emails logged on a record are notes of another kind: when it took place
-- (occurred_at, set on every insert; a note's is when it was written) and a call's or meeting's outcome.
ALTER TABLE `notes` ADD `kind` text DEFAULT 'note' NOT NULL;--> statement-breakpoint
ALTER TABLE `notes` ADD `outcome` text;--> statement-breakpoint
ALTER TABLE `notes` ADD `occurred_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `notes` SET `occurred_at` = `created_at`;
