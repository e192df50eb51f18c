DROP INDEX `contacts_org_status_score_idx`;--> statement-breakpoint
DROP INDEX `contacts_org_status_idx`;--> statement-breakpoint
CREATE INDEX `contacts_org_status_idx` ON `contacts` (`organization_id`,`deleted_at`,`lead_status`,`sort_name`,`id`,`lead_score`);