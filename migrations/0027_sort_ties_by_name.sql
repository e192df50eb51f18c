-- A sort by company or by owner lists each group's records by name, as a person expects of a list
-- grouped that way, rather than in the order they were made (by id). The sort reads one value, the
-- field then the name ("acme" || char(1) || "ann lee"), from an index on that very expression: one
-- keyset value as before, so cursors and the nulls-last walk are unchanged. The owner-name indexes
-- served only that sort and go; the company-name one stays for the "Company name" filter.
DROP INDEX `companies_org_owner_name_idx`;--> statement-breakpoint
CREATE INDEX `companies_org_owner_key_idx` ON `companies` (`organization_id`,`deleted_at`,("owner_sort_name" || char(1) || lower("name")),`id`);--> statement-breakpoint
DROP INDEX `contacts_org_owner_name_idx`;--> statement-breakpoint
CREATE INDEX `contacts_org_company_key_idx` ON `contacts` (`organization_id`,`deleted_at`,("company_sort_name" || char(1) || "sort_name"),`id`);--> statement-breakpoint
CREATE INDEX `contacts_org_owner_key_idx` ON `contacts` (`organization_id`,`deleted_at`,("owner_sort_name" || char(1) || "sort_name"),`id`);