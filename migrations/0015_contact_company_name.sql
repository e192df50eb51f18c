ALTER TABLE `contacts` ADD `company_name` text;--> statement-breakpoint
-- A contact's company name as written (NULL unless the company is live): what list pages show, read
-- from the row instead of a lookup in companies per row (a list page read 50 more rows without it).
UPDATE `contacts` SET `company_name` = (SELECT c.`name` FROM `companies` c WHERE c.`id` = `contacts`.`company_id`
  AND c.`organization_id` = `contacts`.`organization_id` AND c.`deleted_at` IS NULL) WHERE `company_id` IS NOT NULL;
--> statement-breakpoint
-- 0013's triggers, now keeping both the sort form and the name as written; still one statement each.
DROP TRIGGER `contacts_company_name_ai`;
--> statement-breakpoint
CREATE TRIGGER `contacts_company_name_ai` AFTER INSERT ON `contacts` WHEN new.company_id IS NOT NULL BEGIN
  UPDATE contacts SET (company_sort_name, company_name) = (SELECT lower(c.name), c.name FROM companies c
    WHERE c.id = new.company_id AND c.organization_id = new.organization_id AND c.deleted_at IS NULL) WHERE seq = new.seq;
END;
--> statement-breakpoint
DROP TRIGGER `contacts_company_name_au`;
--> statement-breakpoint
CREATE TRIGGER `contacts_company_name_au` AFTER UPDATE OF organization_id, company_id ON `contacts` BEGIN
  UPDATE contacts SET (company_sort_name, company_name) = (SELECT lower(c.name), c.name FROM companies c
    WHERE c.id = new.company_id AND c.organization_id = new.organization_id AND c.deleted_at IS NULL) WHERE seq = new.seq;
END;
--> statement-breakpoint
DROP TRIGGER `companies_contact_names_ai`;
--> statement-breakpoint
CREATE TRIGGER `companies_contact_names_ai` AFTER INSERT ON `companies` WHEN new.deleted_at IS NULL BEGIN
  UPDATE contacts SET company_sort_name = lower(new.name), company_name = new.name
    WHERE organization_id = new.organization_id AND company_id = new.id;
END;
--> statement-breakpoint
DROP TRIGGER `companies_contact_names_au`;
--> statement-breakpoint
-- A company moved to another organization (never done by the app) leaves its old one's contacts with no name.
CREATE TRIGGER `companies_contact_names_au` AFTER UPDATE OF organization_id, name, deleted_at ON `companies` BEGIN
  UPDATE contacts
    SET company_sort_name = CASE WHEN new.deleted_at IS NULL AND organization_id = new.organization_id THEN lower(new.name) END,
      company_name = CASE WHEN new.deleted_at IS NULL AND organization_id = new.organization_id THEN new.name END
    WHERE organization_id IN (old.organization_id, new.organization_id) AND company_id = new.id;
END;
