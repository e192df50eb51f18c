-- Custom SQL. A record's tags moved into or out of the trash with it by an UPDATE on record_tags that
-- SQLite (without statistics) served from record_tags_filter_idx, covering but seekable only by the
-- organization and object: it read every tag row of the organization's contacts for each record. At
-- 100,000 contacts (64,000 tag rows) moving 200 of them to the trash or back took 1.7 s of SQLite, 1.4 s
-- of it here; the UPDATE now finds the record's rows by their rowids, read from the unique index on
-- (organization, object, record, tag): 0.25 s. The same for companies. Triggers cannot say INDEXED BY.
DROP TRIGGER `contacts_tags_au`;
--> statement-breakpoint
CREATE TRIGGER `contacts_tags_au` AFTER UPDATE OF organization_id, id, tags, deleted_at ON `contacts` BEGIN
  DELETE FROM record_tags
  WHERE organization_id = old.organization_id AND object = 'contact' AND record_id = old.id
    AND (new.organization_id IS NOT old.organization_id OR new.id IS NOT old.id
      OR tag_key NOT IN (SELECT lower(j.value) FROM json_each(CASE WHEN json_valid(new.tags) THEN new.tags ELSE '[]' END) AS j WHERE j.type = 'text'));
  UPDATE record_tags SET deleted_at = new.deleted_at
  WHERE rowid IN (SELECT rowid FROM record_tags
      WHERE organization_id = new.organization_id AND object = 'contact' AND record_id = new.id)
    AND deleted_at IS NOT new.deleted_at;
  INSERT INTO record_tags (organization_id, object, record_id, tag, tag_key, deleted_at)
  SELECT new.organization_id, 'contact', new.id, t.tag, lower(t.tag), new.deleted_at
  FROM (SELECT j.value AS tag, min(j.key) AS first FROM json_each(CASE WHEN json_valid(new.tags) THEN new.tags ELSE '[]' END) AS j WHERE j.type = 'text' GROUP BY lower(j.value)) AS t
  WHERE NOT EXISTS (SELECT 1 FROM record_tags AS r
    WHERE r.organization_id = new.organization_id AND r.object = 'contact' AND r.record_id = new.id
      AND r.tag_key = lower(t.tag));
END;
--> statement-breakpoint
DROP TRIGGER `companies_tags_au`;
--> statement-breakpoint
CREATE TRIGGER `companies_tags_au` AFTER UPDATE OF organization_id, id, tags, deleted_at ON `companies` BEGIN
  DELETE FROM record_tags
  WHERE organization_id = old.organization_id AND object = 'company' AND record_id = old.id
    AND (new.organization_id IS NOT old.organization_id OR new.id IS NOT old.id
      OR tag_key NOT IN (SELECT lower(j.value) FROM json_each(CASE WHEN json_valid(new.tags) THEN new.tags ELSE '[]' END) AS j WHERE j.type = 'text'));
  UPDATE record_tags SET deleted_at = new.deleted_at
  WHERE rowid IN (SELECT rowid FROM record_tags
      WHERE organization_id = new.organization_id AND object = 'company' AND record_id = new.id)
    AND deleted_at IS NOT new.deleted_at;
  INSERT INTO record_tags (organization_id, object, record_id, tag, tag_key, deleted_at)
  SELECT new.organization_id, 'company', new.id, t.tag, lower(t.tag), new.deleted_at
  FROM (SELECT j.value AS tag, min(j.key) AS first FROM json_each(CASE WHEN json_valid(new.tags) THEN new.tags ELSE '[]' END) AS j WHERE j.type = 'text' GROUP BY lower(j.value)) AS t
  WHERE NOT EXISTS (SELECT 1 FROM record_tags AS r
    WHERE r.organization_id = new.organization_id AND r.object = 'company' AND r.record_id = new.id
      AND r.tag_key = lower(t.tag));
END;
