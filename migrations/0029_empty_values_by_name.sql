-- A sort by a field that may be empty lists its empty records by name too (they came last by id, in
-- no order a person sees), and a sort by last activity lists one moment's records by name: the
-- indexes of those sorts (title, source, company, last activity; industry, size, last activity) hold
-- the record's name before its id (worker list-query.ts, sortPlan's ties).
DROP INDEX `companies_org_industry_key_idx`;--> statement-breakpoint
DROP INDEX `companies_org_size_key_idx`;--> statement-breakpoint
DROP INDEX `companies_org_activity_idx`;--> statement-breakpoint
CREATE INDEX `companies_org_industry_key_idx` ON `companies` (`organization_id`,`deleted_at`,(lower("industry") || char(1) || lower("name")),lower("name"),`id`);--> statement-breakpoint
CREATE INDEX `companies_org_size_key_idx` ON `companies` (`organization_id`,`deleted_at`,(lower("size") || char(1) || lower("name")),lower("name"),`id`);--> statement-breakpoint
CREATE INDEX `companies_org_activity_idx` ON `companies` (`organization_id`,`deleted_at`,`last_activity_at`,lower("name"),`id`);--> statement-breakpoint
DROP INDEX `contacts_org_title_key_idx`;--> statement-breakpoint
DROP INDEX `contacts_org_source_key_idx`;--> statement-breakpoint
DROP INDEX `contacts_org_activity_idx`;--> statement-breakpoint
DROP INDEX `contacts_org_company_key_idx`;--> statement-breakpoint
CREATE INDEX `contacts_org_title_key_idx` ON `contacts` (`organization_id`,`deleted_at`,(lower("title") || char(1) || "sort_name"),`sort_name`,`id`);--> statement-breakpoint
CREATE INDEX `contacts_org_source_key_idx` ON `contacts` (`organization_id`,`deleted_at`,(lower("source") || char(1) || "sort_name"),`sort_name`,`id`);--> statement-breakpoint
CREATE INDEX `contacts_org_activity_idx` ON `contacts` (`organization_id`,`deleted_at`,`last_activity_at`,`sort_name`,`id`);--> statement-breakpoint
CREATE INDEX `contacts_org_company_key_idx` ON `contacts` (`organization_id`,`deleted_at`,("company_sort_name" || char(1) || "sort_name"),`sort_name`,`id`);