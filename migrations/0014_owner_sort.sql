ALTER TABLE `companies` ADD `owner_sort_name` text;--> statement-breakpoint
CREATE INDEX `companies_org_owner_name_idx` ON `companies` (`organization_id`,`deleted_at`,`owner_sort_name`,`id`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `owner_sort_name` text;--> statement-breakpoint
CREATE INDEX `contacts_org_owner_name_idx` ON `contacts` (`organization_id`,`deleted_at`,`owner_sort_name`,`id`);
--> statement-breakpoint
-- A record's owner's name (else email), lower-cased, for the Owner column's sort; NULL without an owner.
UPDATE `contacts` SET `owner_sort_name` = (SELECT lower(coalesce(nullif(trim(u.display_name), ''), u.email)) FROM `users` u WHERE u.`id` = `contacts`.`owner_id`) WHERE `owner_id` IS NOT NULL;
--> statement-breakpoint
UPDATE `companies` SET `owner_sort_name` = (SELECT lower(coalesce(nullif(trim(u.display_name), ''), u.email)) FROM `users` u WHERE u.`id` = `companies`.`owner_id`) WHERE `owner_id` IS NOT NULL;
--> statement-breakpoint
-- Kept whatever writes a record (create, edit, import, bulk assign, merge) or renames its owner: one
-- statement each, like the other triggers; version and updated_at stay, as the name is the owner's.
CREATE TRIGGER `contacts_owner_name_ai` AFTER INSERT ON `contacts` WHEN new.owner_id IS NOT NULL BEGIN
  UPDATE contacts SET owner_sort_name = (SELECT lower(coalesce(nullif(trim(u.display_name), ''), u.email)) FROM users u WHERE u.id = new.owner_id) WHERE seq = new.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_owner_name_au` AFTER UPDATE OF owner_id ON `contacts` BEGIN
  UPDATE contacts SET owner_sort_name = (SELECT lower(coalesce(nullif(trim(u.display_name), ''), u.email)) FROM users u WHERE u.id = new.owner_id) WHERE seq = new.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `companies_owner_name_ai` AFTER INSERT ON `companies` WHEN new.owner_id IS NOT NULL BEGIN
  UPDATE companies SET owner_sort_name = (SELECT lower(coalesce(nullif(trim(u.display_name), ''), u.email)) FROM users u WHERE u.id = new.owner_id) WHERE seq = new.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `companies_owner_name_au` AFTER UPDATE OF owner_id ON `companies` BEGIN
  UPDATE companies SET owner_sort_name = (SELECT lower(coalesce(nullif(trim(u.display_name), ''), u.email)) FROM users u WHERE u.id = new.owner_id) WHERE seq = new.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `users_contacts_owner_name_au` AFTER UPDATE OF display_name, email ON `users`
  WHEN old.display_name IS NOT new.display_name OR old.email IS NOT new.email BEGIN
  UPDATE contacts SET owner_sort_name = lower(coalesce(nullif(trim(new.display_name), ''), new.email))
    WHERE organization_id IN (SELECT organization_id FROM memberships WHERE user_id = new.id) AND owner_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_companies_owner_name_au` AFTER UPDATE OF display_name, email ON `users`
  WHEN old.display_name IS NOT new.display_name OR old.email IS NOT new.email BEGIN
  UPDATE companies SET owner_sort_name = lower(coalesce(nullif(trim(new.display_name), ''), new.email))
    WHERE organization_id IN (SELECT organization_id FROM memberships WHERE user_id = new.id) AND owner_id = new.id;
END;
