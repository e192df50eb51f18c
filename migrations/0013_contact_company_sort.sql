ALTER TABLE `contacts` ADD `company_sort_name` text;--> statement-breakpoint
CREATE INDEX `contacts_org_company_name_idx` ON `contacts` (`organization_id`,`deleted_at`,`company_sort_name`,`id`);--> statement-breakpoint
-- A contact's company name (lower-cased, NULL unless the company is live), for the Company column's sort.
UPDATE `contacts` SET `company_sort_name` = (SELECT lower(c.`name`) FROM `companies` c WHERE c.`id` = `contacts`.`company_id`
  AND c.`organization_id` = `contacts`.`organization_id` AND c.`deleted_at` IS NULL) WHERE `company_id` IS NOT NULL;
--> statement-breakpoint
-- Kept whatever writes a contact (create, edit, import, merge) or its company (rename, trash,
-- restore, merge): one statement each, like the other triggers. They leave version and updated_at
-- alone, as the name is the company's, not the contact's.
CREATE TRIGGER `contacts_company_name_ai` AFTER INSERT ON `contacts` WHEN new.company_id IS NOT NULL BEGIN
  UPDATE contacts SET company_sort_name = (SELECT lower(c.name) FROM companies c WHERE c.id = new.company_id
    AND c.organization_id = new.organization_id AND c.deleted_at IS NULL) WHERE seq = new.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_company_name_au` AFTER UPDATE OF organization_id, company_id ON `contacts` BEGIN
  UPDATE contacts SET company_sort_name = (SELECT lower(c.name) FROM companies c WHERE c.id = new.company_id
    AND c.organization_id = new.organization_id AND c.deleted_at IS NULL) WHERE seq = new.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `companies_contact_names_ai` AFTER INSERT ON `companies` WHEN new.deleted_at IS NULL BEGIN
  UPDATE contacts SET company_sort_name = lower(new.name)
    WHERE organization_id = new.organization_id AND company_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `companies_contact_names_au` AFTER UPDATE OF organization_id, name, deleted_at ON `companies` BEGIN
  UPDATE contacts SET company_sort_name = CASE WHEN new.deleted_at IS NULL THEN lower(new.name) END
    WHERE organization_id = new.organization_id AND company_id = new.id;
END;
