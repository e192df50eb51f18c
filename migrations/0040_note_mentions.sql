ALTER TABLE `notifications` ADD `record_object` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `record_id` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `subject` text;