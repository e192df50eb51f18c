ALTER TABLE `tasks` ADD `repeat` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `repeat_zone` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `repeated_from_id` text;--> statement-breakpoint
CREATE INDEX `tasks_org_repeated_from_idx` ON `tasks` (`organization_id`,`repeated_from_id`) WHERE "tasks"."repeated_from_id" IS NOT NULL;