-- Lookups that walked every row of an organization (SQLite has no statistics here): a company's people in
-- name order now walk only that company's contacts, and each /tasks view, mine or anyone's, open by due
-- date or done newest first, reads its own range in order.
DROP INDEX `contacts_org_company_idx`;--> statement-breakpoint
CREATE INDEX `contacts_org_company_idx` ON `contacts` (`organization_id`,`company_id`,`deleted_at`,`sort_name`,`id`);--> statement-breakpoint
CREATE INDEX `tasks_org_assignee_done_idx` ON `tasks` (`organization_id`,`assignee_id`,`status`,`completed_at`);--> statement-breakpoint
CREATE INDEX `tasks_org_status_due_idx` ON `tasks` (`organization_id`,`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `tasks_org_status_done_idx` ON `tasks` (`organization_id`,`status`,`completed_at`);