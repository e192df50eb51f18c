CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`domain` text,
	`industry` text,
	`size` text,
	`address` text,
	`linkedin_url` text,
	`organization_id` text NOT NULL,
	`owner_id` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`properties` text DEFAULT '{}' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`deleted_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_org_domain_uq` ON `companies` (`organization_id`,`domain`) WHERE deleted_at IS NULL AND domain IS NOT NULL;--> statement-breakpoint
CREATE INDEX `companies_org_name_idx` ON `companies` (`organization_id`,`deleted_at`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `companies_org_updated_idx` ON `companies` (`organization_id`,`deleted_at`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `companies_org_owner_idx` ON `companies` (`organization_id`,`owner_id`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`sort_name` text DEFAULT '' NOT NULL,
	`emails` text DEFAULT '[]' NOT NULL,
	`primary_email` text,
	`phones` text DEFAULT '[]' NOT NULL,
	`title` text,
	`company_id` text,
	`linkedin_url` text,
	`lead_status` text DEFAULT 'new' NOT NULL,
	`source` text,
	`lead_score` integer DEFAULT 0 NOT NULL,
	`last_activity_at` integer,
	`organization_id` text NOT NULL,
	`owner_id` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`properties` text DEFAULT '{}' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`deleted_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_org_email_uq` ON `contacts` (`organization_id`,`primary_email`) WHERE deleted_at IS NULL AND primary_email IS NOT NULL;--> statement-breakpoint
CREATE INDEX `contacts_org_name_idx` ON `contacts` (`organization_id`,`deleted_at`,`sort_name`,`id`);--> statement-breakpoint
CREATE INDEX `contacts_org_updated_idx` ON `contacts` (`organization_id`,`deleted_at`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `contacts_org_company_idx` ON `contacts` (`organization_id`,`company_id`);--> statement-breakpoint
CREATE INDEX `contacts_org_owner_idx` ON `contacts` (`organization_id`,`owner_id`);--> statement-breakpoint
CREATE INDEX `contacts_org_status_idx` ON `contacts` (`organization_id`,`deleted_at`,`lead_status`,`sort_name`,`id`);--> statement-breakpoint
CREATE INDEX `contacts_org_score_idx` ON `contacts` (`organization_id`,`deleted_at`,`lead_score`,`id`);--> statement-breakpoint
CREATE TABLE `activities` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`record_object` text NOT NULL,
	`record_id` text NOT NULL,
	`kind` text NOT NULL,
	`changes` text,
	`summary` text,
	`actor_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activities_org_record_idx` ON `activities` (`organization_id`,`record_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `activities_org_created_idx` ON `activities` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notes` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`record_object` text NOT NULL,
	`record_id` text NOT NULL,
	`body` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`deleted_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notes_org_record_idx` ON `notes` (`organization_id`,`record_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`title` text NOT NULL,
	`notes` text,
	`due_at` integer,
	`priority` text DEFAULT 'normal' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`completed_at` integer,
	`assignee_id` text,
	`record_object` text,
	`record_id` text,
	`version` integer DEFAULT 1 NOT NULL,
	`deleted_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tasks_org_assignee_idx` ON `tasks` (`organization_id`,`assignee_id`,`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `tasks_org_record_idx` ON `tasks` (`organization_id`,`record_id`);--> statement-breakpoint
CREATE TABLE `property_definitions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`object` text NOT NULL,
	`key` text NOT NULL,
	`label` text NOT NULL,
	`type` text NOT NULL,
	`options` text,
	`required` integer DEFAULT false NOT NULL,
	`position` integer NOT NULL,
	`archived_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `property_definitions_org_object_key_uq` ON `property_definitions` (`organization_id`,`object`,`key`);--> statement-breakpoint
CREATE TABLE `record_counts` (
	`organization_id` text NOT NULL,
	`object` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `record_counts_org_object_uq` ON `record_counts` (`organization_id`,`object`);--> statement-breakpoint
CREATE TABLE `saved_views` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`object` text NOT NULL,
	`name` text NOT NULL,
	`definition` text NOT NULL,
	`shared` integer DEFAULT false NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_views_org_object_idx` ON `saved_views` (`organization_id`,`object`);