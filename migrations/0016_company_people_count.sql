DROP INDEX `contacts_org_company_idx`;--> statement-breakpoint
CREATE INDEX `contacts_org_company_idx` ON `contacts` (`organization_id`,`company_id`,`deleted_at`);--> statement-breakpoint
ALTER TABLE `companies` ADD `people_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `companies_org_people_idx` ON `companies` (`organization_id`,`deleted_at`,`people_count`,`id`);--> statement-breakpoint
-- A company's live contacts, for the People column to sort and filter by. Counted again (from
-- contacts_org_company_idx alone) rather than added to or taken from, so no write path can make it
-- drift; only a contact's organization, company or liveness changes it. Company updates leave it be.
UPDATE `companies` SET `people_count` = (SELECT count(*) FROM `contacts` p WHERE p.`organization_id` = `companies`.`organization_id`
  AND p.`company_id` = `companies`.`id` AND p.`deleted_at` IS NULL);
--> statement-breakpoint
CREATE TRIGGER `contacts_people_count_ai` AFTER INSERT ON `contacts` WHEN new.company_id IS NOT NULL AND new.deleted_at IS NULL BEGIN
  UPDATE companies SET people_count = (SELECT count(*) FROM contacts p WHERE p.organization_id = new.organization_id
    AND p.company_id = new.company_id AND p.deleted_at IS NULL) WHERE id = new.company_id AND organization_id = new.organization_id;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_people_count_au` AFTER UPDATE OF organization_id, company_id, deleted_at ON `contacts`
  WHEN old.organization_id IS NOT new.organization_id OR old.company_id IS NOT new.company_id
    OR (old.deleted_at IS NULL) <> (new.deleted_at IS NULL) BEGIN
  UPDATE companies SET people_count = (SELECT count(*) FROM contacts p WHERE p.organization_id = companies.organization_id
    AND p.company_id = companies.id AND p.deleted_at IS NULL) WHERE id IN (old.company_id, new.company_id);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_people_count_ad` AFTER DELETE ON `contacts` WHEN old.company_id IS NOT NULL AND old.deleted_at IS NULL BEGIN
  UPDATE companies SET people_count = (SELECT count(*) FROM contacts p WHERE p.organization_id = old.organization_id
    AND p.company_id = old.company_id AND p.deleted_at IS NULL) WHERE id = old.company_id AND organization_id = old.organization_id;
END;
--> statement-breakpoint
-- A company written after contacts that name its id (a seed or a restore writing companies last).
CREATE TRIGGER `companies_people_count_ai` AFTER INSERT ON `companies` WHEN EXISTS (SELECT 1 FROM contacts p
    WHERE p.organization_id = new.organization_id AND p.company_id = new.id AND p.deleted_at IS NULL) BEGIN
  UPDATE companies SET people_count = (SELECT count(*) FROM contacts p WHERE p.organization_id = new.organization_id
    AND p.company_id = new.id AND p.deleted_at IS NULL) WHERE seq = new.seq;
END;
