CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`task_id` text,
	`title` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`read_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_org_user_idx` ON `notifications` (`organization_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_org_user_unread_idx` ON `notifications` (`organization_id`,`user_id`) WHERE "notifications"."read_at" IS NULL;