DROP INDEX `tasks_org_record_idx`;--> statement-breakpoint
CREATE INDEX `tasks_org_record_idx` ON `tasks` (`organization_id`,`record_id`,`status`,`completed_at`);