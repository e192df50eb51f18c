CREATE TABLE `view_defaults` (
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`object` text NOT NULL,
	`view_id` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `user_id`, `object`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`view_id`) REFERENCES `saved_views`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `view_defaults_view_idx` ON `view_defaults` (`view_id`);