CREATE TABLE `property_value_counts` (
	`organization_id` text NOT NULL,
	`object` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `object`, `key`, `value`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The live values of select properties as they are, counted once; from here on the triggers below keep the counts.
INSERT INTO `property_value_counts` (organization_id, object, key, value, "count")
SELECT v.organization_id, v.object, v.key, lower(v.value), count(*) FROM record_values v
WHERE v.deleted_at IS NULL AND typeof(v.value) = 'text' AND EXISTS (
  SELECT 1 FROM property_definitions d
  WHERE d.organization_id = v.organization_id AND d.object = v.object AND d.key = v.key AND d.type = 'select'
)
GROUP BY v.organization_id, v.object, v.key, lower(v.value);
--> statement-breakpoint
-- record_values' rows are taken out and put back on every change of a record's properties or trash (migrations/0003,
-- 0028): an insert and a delete are every change there is to count. Only select properties' values are counted.
CREATE TRIGGER `record_values_count_ai` AFTER INSERT ON `record_values`
WHEN new.deleted_at IS NULL AND typeof(new.value) = 'text' AND EXISTS (
  SELECT 1 FROM property_definitions d
  WHERE d.organization_id = new.organization_id AND d.object = new.object AND d.key = new.key AND d.type = 'select'
) BEGIN
  INSERT INTO property_value_counts (organization_id, object, key, value, "count")
  VALUES (new.organization_id, new.object, new.key, lower(new.value), 1)
  ON CONFLICT (organization_id, object, key, value) DO UPDATE SET "count" = "count" + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `record_values_count_ad` AFTER DELETE ON `record_values`
WHEN old.deleted_at IS NULL AND typeof(old.value) = 'text' BEGIN
  UPDATE property_value_counts SET "count" = "count" - 1
  WHERE organization_id = old.organization_id AND object = old.object AND key = old.key AND value = lower(old.value);
END;
