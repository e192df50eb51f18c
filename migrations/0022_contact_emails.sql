-- Every email of every live contact, normalised as primary_email is (lower-cased, trimmed): what finds two
-- contacts sharing an address, whichever of their emails it is. WITHOUT ROWID: its primary key is its walk.
CREATE TABLE `contact_emails` (
	`organization_id` text NOT NULL,
	`email` text NOT NULL,
	`contact_id` text NOT NULL,
	PRIMARY KEY(`organization_id`, `email`, `contact_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `contact_emails_contact_idx` ON `contact_emails` (`organization_id`,`contact_id`,`email`);
--> statement-breakpoint
INSERT OR IGNORE INTO `contact_emails` (`organization_id`, `email`, `contact_id`)
  SELECT c.organization_id, lower(trim(e.value)), c.id FROM contacts c, json_each(CASE WHEN json_valid(c.emails) THEN c.emails ELSE '[]' END) AS e
  WHERE c.deleted_at IS NULL AND e.type = 'text' AND trim(e.value) <> '';
--> statement-breakpoint
CREATE TRIGGER `contacts_emails_ai` AFTER INSERT ON `contacts` WHEN new.deleted_at IS NULL BEGIN
  INSERT OR IGNORE INTO contact_emails (organization_id, email, contact_id)
  SELECT new.organization_id, lower(trim(e.value)), new.id FROM json_each(CASE WHEN json_valid(new.emails) THEN new.emails ELSE '[]' END) AS e
  WHERE e.type = 'text' AND trim(e.value) <> '';
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_emails_au` AFTER UPDATE OF organization_id, id, emails, deleted_at ON `contacts` BEGIN
  DELETE FROM contact_emails WHERE organization_id = old.organization_id AND contact_id = old.id;
  INSERT OR IGNORE INTO contact_emails (organization_id, email, contact_id)
  SELECT new.organization_id, lower(trim(e.value)), new.id FROM json_each(CASE WHEN json_valid(new.emails) THEN new.emails ELSE '[]' END) AS e
  WHERE new.deleted_at IS NULL AND e.type = 'text' AND trim(e.value) <> '';
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_emails_ad` AFTER DELETE ON `contacts` BEGIN
  DELETE FROM contact_emails WHERE organization_id = old.organization_id AND contact_id = old.id;
END;
