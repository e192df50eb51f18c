DROP INDEX `contacts_org_name_idx`;--> statement-breakpoint
CREATE INDEX `contacts_org_name_idx` ON `contacts` (`organization_id`,`deleted_at`,`sort_name`,`id`,`company_id`);