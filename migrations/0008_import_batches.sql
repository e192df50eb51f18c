CREATE TABLE `import_batches` (
	`organization_id` text NOT NULL,
	`key` text NOT NULL,
	`result` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `key`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_batches_org_created_idx` ON `import_batches` (`organization_id`,`created_at`);