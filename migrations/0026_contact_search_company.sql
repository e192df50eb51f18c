-- A contact is found by its company's name too, as HubSpot and Attio find people: "acme" lists Acme's
-- people, "ann acme" finds Ann at Acme. contacts.company_name (0015: the live company's name, kept as
-- companies are renamed, trashed or restored) joins the contacts' full-text index.
--
-- The index and company_name now change in one trigger each, in a set order: an external-content FTS5
-- row is deleted by giving back exactly the values it was indexed with, and SQLite leaves the order of
-- two triggers on one event undefined. So the contacts' FTS triggers also keep company_name (0015's
-- contacts_company_name_ai/_au go), and the companies' trigger that rewrites its people's names takes
-- their index rows out first and puts them back after. company_name is not among the columns the
-- contacts' update trigger watches: only these triggers write it, each one keeping the index in step.
DROP TRIGGER `contacts_company_name_ai`;
--> statement-breakpoint
DROP TRIGGER `contacts_company_name_au`;
--> statement-breakpoint
DROP TRIGGER `companies_contact_names_ai`;
--> statement-breakpoint
DROP TRIGGER `companies_contact_names_au`;
--> statement-breakpoint
DROP TRIGGER `contacts_fts_ai`;
--> statement-breakpoint
DROP TRIGGER `contacts_fts_ad`;
--> statement-breakpoint
DROP TRIGGER `contacts_fts_au`;
--> statement-breakpoint
DROP TABLE `contacts_fts`;
--> statement-breakpoint
DROP VIEW `contacts_fts_source`;
--> statement-breakpoint
CREATE VIEW `contacts_fts_source` AS
  SELECT ((p.`partition` * 2 + (c.deleted_at IS NOT NULL)) << 32) + c.seq AS fts_rowid,
    c.first_name, c.last_name, c.emails, c.title, c.company_name
  FROM contacts c INNER JOIN search_partitions p ON p.organization_id = c.organization_id;
--> statement-breakpoint
CREATE VIRTUAL TABLE `contacts_fts` USING fts5(
  first_name, last_name, emails, title, company_name,
  content='contacts_fts_source', content_rowid='fts_rowid',
  tokenize="unicode61 remove_diacritics 2 tokenchars '_'", prefix='1 2 3'
);
--> statement-breakpoint
-- The company's name first, then the index row, read back from the contact as it now is.
CREATE TRIGGER `contacts_fts_ai` AFTER INSERT ON `contacts` BEGIN
  UPDATE contacts SET (company_sort_name, company_name) = (SELECT lower(c.name), c.name FROM companies c
    WHERE c.id = new.company_id AND c.organization_id = new.organization_id AND c.deleted_at IS NULL)
    WHERE seq = new.seq AND new.company_id IS NOT NULL;
  INSERT INTO contacts_fts(rowid, first_name, last_name, emails, title, company_name)
  SELECT ((p.`partition` * 2 + (c.deleted_at IS NOT NULL)) << 32) + c.seq,
    c.first_name, c.last_name, c.emails, c.title, c.company_name
  FROM contacts c INNER JOIN search_partitions p ON p.organization_id = c.organization_id
  WHERE c.seq = new.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_ad` AFTER DELETE ON `contacts` BEGIN
  INSERT INTO contacts_fts(contacts_fts, rowid, first_name, last_name, emails, title, company_name)
  SELECT 'delete', ((p.`partition` * 2 + (old.deleted_at IS NOT NULL)) << 32) + old.seq,
    old.first_name, old.last_name, old.emails, old.title, old.company_name
  FROM search_partitions p WHERE p.organization_id = old.organization_id;
END;
--> statement-breakpoint
-- Out of the index as it was, the company's name when the contact moved (or its organization did), back
-- in as the row now is.
CREATE TRIGGER `contacts_fts_au` AFTER UPDATE OF organization_id, company_id, first_name, last_name, emails, title, deleted_at ON `contacts` BEGIN
  INSERT INTO contacts_fts(contacts_fts, rowid, first_name, last_name, emails, title, company_name)
  SELECT 'delete', ((p.`partition` * 2 + (old.deleted_at IS NOT NULL)) << 32) + old.seq,
    old.first_name, old.last_name, old.emails, old.title, old.company_name
  FROM search_partitions p WHERE p.organization_id = old.organization_id;
  UPDATE contacts SET (company_sort_name, company_name) = (SELECT lower(c.name), c.name FROM companies c
    WHERE c.id = new.company_id AND c.organization_id = new.organization_id AND c.deleted_at IS NULL)
    WHERE seq = new.seq
      AND (old.company_id IS NOT new.company_id OR old.organization_id IS NOT new.organization_id);
  INSERT INTO contacts_fts(rowid, first_name, last_name, emails, title, company_name)
  SELECT ((p.`partition` * 2 + (c.deleted_at IS NOT NULL)) << 32) + c.seq,
    c.first_name, c.last_name, c.emails, c.title, c.company_name
  FROM contacts c INNER JOIN search_partitions p ON p.organization_id = c.organization_id
  WHERE c.seq = new.seq;
END;
--> statement-breakpoint
-- A company created after contacts naming it (a merge's or an import's order): its people take its name.
CREATE TRIGGER `companies_contact_names_ai` AFTER INSERT ON `companies` WHEN new.deleted_at IS NULL BEGIN
  INSERT INTO contacts_fts(contacts_fts, rowid, first_name, last_name, emails, title, company_name)
  SELECT 'delete', ((p.`partition` * 2 + (c.deleted_at IS NOT NULL)) << 32) + c.seq,
    c.first_name, c.last_name, c.emails, c.title, c.company_name
  FROM contacts c INNER JOIN search_partitions p ON p.organization_id = c.organization_id
  WHERE c.organization_id = new.organization_id AND c.company_id = new.id;
  UPDATE contacts SET company_sort_name = lower(new.name), company_name = new.name
    WHERE organization_id = new.organization_id AND company_id = new.id;
  INSERT INTO contacts_fts(rowid, first_name, last_name, emails, title, company_name)
  SELECT ((p.`partition` * 2 + (c.deleted_at IS NOT NULL)) << 32) + c.seq,
    c.first_name, c.last_name, c.emails, c.title, c.company_name
  FROM contacts c INNER JOIN search_partitions p ON p.organization_id = c.organization_id
  WHERE c.organization_id = new.organization_id AND c.company_id = new.id;
END;
--> statement-breakpoint
-- Renamed, trashed or restored: its people's name for it, and their index rows, follow. Only when the name
-- they show changes: an update that keeps it leaves a large company's people alone. A company moved to
-- another organization (never done by the app) leaves its old one's contacts with no name.
CREATE TRIGGER `companies_contact_names_au` AFTER UPDATE OF organization_id, name, deleted_at ON `companies`
  WHEN old.name IS NOT new.name OR (old.deleted_at IS NULL) IS NOT (new.deleted_at IS NULL)
    OR old.organization_id IS NOT new.organization_id BEGIN
  INSERT INTO contacts_fts(contacts_fts, rowid, first_name, last_name, emails, title, company_name)
  SELECT 'delete', ((p.`partition` * 2 + (c.deleted_at IS NOT NULL)) << 32) + c.seq,
    c.first_name, c.last_name, c.emails, c.title, c.company_name
  FROM contacts c INNER JOIN search_partitions p ON p.organization_id = c.organization_id
  WHERE c.organization_id IN (old.organization_id, new.organization_id) AND c.company_id = new.id;
  UPDATE contacts
    SET company_sort_name = CASE WHEN new.deleted_at IS NULL AND organization_id = new.organization_id THEN lower(new.name) END,
      company_name = CASE WHEN new.deleted_at IS NULL AND organization_id = new.organization_id THEN new.name END
    WHERE organization_id IN (old.organization_id, new.organization_id) AND company_id = new.id;
  INSERT INTO contacts_fts(rowid, first_name, last_name, emails, title, company_name)
  SELECT ((p.`partition` * 2 + (c.deleted_at IS NOT NULL)) << 32) + c.seq,
    c.first_name, c.last_name, c.emails, c.title, c.company_name
  FROM contacts c INNER JOIN search_partitions p ON p.organization_id = c.organization_id
  WHERE c.organization_id IN (old.organization_id, new.organization_id) AND c.company_id = new.id;
END;
--> statement-breakpoint
INSERT INTO contacts_fts(contacts_fts) VALUES ('rebuild');
