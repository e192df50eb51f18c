-- A company's last activity, stored for its column's sort and filter, and filled in for what is already there.
ALTER TABLE `companies` ADD `last_activity_at` integer;--> statement-breakpoint
CREATE INDEX `companies_org_activity_idx` ON `companies` (`organization_id`,`deleted_at`,`last_activity_at`,`id`);--> statement-breakpoint
-- A company's last activity: the newest entry logged on it, or its live contacts' newest (COMPANY_LAST_ACTIVITY).
UPDATE `companies` SET `last_activity_at` = nullif(max(
  coalesce((SELECT max(`occurred_at`) FROM `notes` WHERE `notes`.`organization_id` = `companies`.`organization_id`
    AND `notes`.`record_id` = `companies`.`id` AND `notes`.`deleted_at` IS NULL), 0),
  coalesce((SELECT max(`last_activity_at`) FROM `contacts` INDEXED BY `contacts_org_company_idx` WHERE `contacts`.`organization_id` = `companies`.`organization_id`
    AND `contacts`.`company_id` = `companies`.`id` AND `contacts`.`deleted_at` IS NULL), 0)), 0);
