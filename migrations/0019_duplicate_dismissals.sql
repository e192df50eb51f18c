CREATE TABLE `duplicate_dismissals` (
	`organization_id` text NOT NULL,
	`object` text NOT NULL,
	`first_id` text NOT NULL,
	`second_id` text NOT NULL,
	`dismissed_by` text NOT NULL,
	`dismissed_at` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `object`, `first_id`, `second_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
