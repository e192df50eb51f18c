CREATE TABLE `contact_status_counts` (
	`organization_id` text NOT NULL,
	`lead_status` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `lead_status`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The live contacts as they are, counted once; from here on the triggers below keep the counts.
INSERT INTO `contact_status_counts` (organization_id, lead_status, "count")
SELECT organization_id, lead_status, count(*) FROM contacts WHERE deleted_at IS NULL GROUP BY organization_id, lead_status;
--> statement-breakpoint
CREATE TRIGGER `contacts_status_count_ai` AFTER INSERT ON `contacts` WHEN new.deleted_at IS NULL BEGIN
  INSERT INTO contact_status_counts (organization_id, lead_status, "count") VALUES (new.organization_id, new.lead_status, 1)
  ON CONFLICT (organization_id, lead_status) DO UPDATE SET "count" = "count" + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_status_count_ad` AFTER DELETE ON `contacts` WHEN old.deleted_at IS NULL BEGIN
  UPDATE contact_status_counts SET "count" = "count" - 1
  WHERE organization_id = old.organization_id AND lead_status = old.lead_status;
END;
--> statement-breakpoint
-- A contact leaves its old status's count (if it was live) and joins its new one's (if it is live): a change of
-- status, a move to or from the trash, or both in one update.
CREATE TRIGGER `contacts_status_count_au` AFTER UPDATE OF lead_status, deleted_at ON `contacts`
WHEN old.lead_status IS NOT new.lead_status OR (old.deleted_at IS NULL) <> (new.deleted_at IS NULL) BEGIN
  UPDATE contact_status_counts SET "count" = "count" - 1
  WHERE old.deleted_at IS NULL AND organization_id = old.organization_id AND lead_status = old.lead_status;
  INSERT INTO contact_status_counts (organization_id, lead_status, "count")
  SELECT new.organization_id, new.lead_status, 1 WHERE new.deleted_at IS NULL
  ON CONFLICT (organization_id, lead_status) DO UPDATE SET "count" = "count" + 1;
END;
