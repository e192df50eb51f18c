CREATE TABLE `favorites` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`record_object` text NOT NULL,
	`record_id` text NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_record_user_uq` ON `favorites` (`organization_id`,`record_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `favorites_org_user_idx` ON `favorites` (`organization_id`,`user_id`,`position`);