-- Every sort lists the records that tie on its value by name (as 0027 did for company and owner),
-- not in the order of their random ids.
-- 1. A contact's status, score, title or source and a company's industry, size or people: each sort
--    reads one value, the field then the name (drizzle/sort-keys.ts), from an index on that very
--    expression; text ignores ASCII case. The title, source, industry and size indexes served only
--    their sorts (the filters compare lower(...)) and go; the status, score and people ones stay for
--    their filters.
-- 2. Custom properties: record_values carries its record's sort name, kept by the triggers below,
--    and its sort index orders a value's records by it.
DROP INDEX `companies_org_industry_idx`;--> statement-breakpoint
DROP INDEX `companies_org_size_idx`;--> statement-breakpoint
CREATE INDEX `companies_org_industry_key_idx` ON `companies` (`organization_id`,`deleted_at`,(lower("industry") || char(1) || lower("name")),`id`);--> statement-breakpoint
CREATE INDEX `companies_org_size_key_idx` ON `companies` (`organization_id`,`deleted_at`,(lower("size") || char(1) || lower("name")),`id`);--> statement-breakpoint
CREATE INDEX `companies_org_people_key_idx` ON `companies` (`organization_id`,`deleted_at`,((10000000000 + "people_count") || char(1) || lower("name")),`id`);--> statement-breakpoint
DROP INDEX `contacts_org_title_idx`;--> statement-breakpoint
DROP INDEX `contacts_org_source_idx`;--> statement-breakpoint
CREATE INDEX `contacts_org_status_key_idx` ON `contacts` (`organization_id`,`deleted_at`,("lead_status" || char(1) || "sort_name"),`id`);--> statement-breakpoint
CREATE INDEX `contacts_org_score_key_idx` ON `contacts` (`organization_id`,`deleted_at`,((10000000000 + "lead_score") || char(1) || "sort_name"),`id`);--> statement-breakpoint
CREATE INDEX `contacts_org_title_key_idx` ON `contacts` (`organization_id`,`deleted_at`,(lower("title") || char(1) || "sort_name"),`id`);--> statement-breakpoint
CREATE INDEX `contacts_org_source_key_idx` ON `contacts` (`organization_id`,`deleted_at`,(lower("source") || char(1) || "sort_name"),`id`);--> statement-breakpoint
DROP INDEX `record_values_sort_idx`;--> statement-breakpoint
ALTER TABLE `record_values` ADD `sort_name` text;--> statement-breakpoint
UPDATE record_values SET sort_name = (SELECT c.sort_name FROM contacts AS c WHERE c.id = record_values.record_id)
WHERE object = 'contact';--> statement-breakpoint
UPDATE record_values SET sort_name = (SELECT lower(c.name) FROM companies AS c WHERE c.id = record_values.record_id)
WHERE object = 'company';--> statement-breakpoint
CREATE INDEX `record_values_sort_idx` ON `record_values` (`organization_id`,`object`,`key`,`deleted_at`,`value`,`sort_name`,`record_id`);--> statement-breakpoint
-- hand: the triggers of 0003, writing the record's sort name too; a rename moves its values' names.
DROP TRIGGER `contacts_values_ai`;--> statement-breakpoint
CREATE TRIGGER `contacts_values_ai` AFTER INSERT ON `contacts` BEGIN
  INSERT INTO record_values (organization_id, object, record_id, key, value, deleted_at, sort_name)
  SELECT new.organization_id, 'contact', new.id, j.key, j.value, new.deleted_at, new.sort_name
  FROM json_each(CASE WHEN json_valid(new.properties) THEN new.properties ELSE '{}' END) AS j
  WHERE j.value IS NOT NULL;
END;
--> statement-breakpoint
DROP TRIGGER `contacts_values_au`;--> statement-breakpoint
CREATE TRIGGER `contacts_values_au` AFTER UPDATE OF organization_id, id, properties, deleted_at ON `contacts` BEGIN
  DELETE FROM record_values WHERE organization_id = old.organization_id AND object = 'contact' AND record_id = old.id;
  INSERT INTO record_values (organization_id, object, record_id, key, value, deleted_at, sort_name)
  SELECT new.organization_id, 'contact', new.id, j.key, j.value, new.deleted_at, new.sort_name
  FROM json_each(CASE WHEN json_valid(new.properties) THEN new.properties ELSE '{}' END) AS j
  WHERE j.value IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_values_name_au` AFTER UPDATE OF sort_name ON `contacts`
WHEN new.sort_name IS NOT old.sort_name BEGIN
  UPDATE record_values SET sort_name = new.sort_name
  WHERE organization_id = new.organization_id AND object = 'contact' AND record_id = new.id;
END;
--> statement-breakpoint
DROP TRIGGER `companies_values_ai`;--> statement-breakpoint
CREATE TRIGGER `companies_values_ai` AFTER INSERT ON `companies` BEGIN
  INSERT INTO record_values (organization_id, object, record_id, key, value, deleted_at, sort_name)
  SELECT new.organization_id, 'company', new.id, j.key, j.value, new.deleted_at, lower(new.name)
  FROM json_each(CASE WHEN json_valid(new.properties) THEN new.properties ELSE '{}' END) AS j
  WHERE j.value IS NOT NULL;
END;
--> statement-breakpoint
DROP TRIGGER `companies_values_au`;--> statement-breakpoint
CREATE TRIGGER `companies_values_au` AFTER UPDATE OF organization_id, id, properties, deleted_at ON `companies` BEGIN
  DELETE FROM record_values WHERE organization_id = old.organization_id AND object = 'company' AND record_id = old.id;
  INSERT INTO record_values (organization_id, object, record_id, key, value, deleted_at, sort_name)
  SELECT new.organization_id, 'company', new.id, j.key, j.value, new.deleted_at, lower(new.name)
  FROM json_each(CASE WHEN json_valid(new.properties) THEN new.properties ELSE '{}' END) AS j
  WHERE j.value IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `companies_values_name_au` AFTER UPDATE OF name ON `companies`
WHEN lower(new.name) IS NOT lower(old.name) BEGIN
  UPDATE record_values SET sort_name = lower(new.name)
  WHERE organization_id = new.organization_id AND object = 'company' AND record_id = new.id;
END;
