-- A sort by email or domain lists the records without one by name, after the others both ways (they
-- came by id, in no order a person sees): the indexes of those sorts hold the name before the id, and
-- unlike the unique indexes (live records with a value only) they also serve the trash.
CREATE INDEX `companies_org_domain_idx` ON `companies` (`organization_id`,`deleted_at`,`domain`,lower("name"),`id`);--> statement-breakpoint
CREATE INDEX `contacts_org_email_idx` ON `contacts` (`organization_id`,`deleted_at`,`primary_email`,`sort_name`,`id`);