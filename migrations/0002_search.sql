-- Full-text search over contacts and companies (SQLite FTS5, external content).
-- organization_id is an FTS column (with '_' kept inside tokens) so a query can be limited to one
-- organization inside the index: `organization_id:"org_x" AND {first_name last_name emails title}: ann*`.
-- A migration that rebuilds contacts or companies (drizzle's __new_ table dance) drops these
-- triggers: recreate them there and run the 'rebuild' commands below.
CREATE VIRTUAL TABLE `contacts_fts` USING fts5(
  organization_id, first_name, last_name, emails, title,
  content='contacts', content_rowid='rowid',
  tokenize="unicode61 remove_diacritics 2 tokenchars '_'", prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_ai` AFTER INSERT ON `contacts` BEGIN
  INSERT INTO contacts_fts(rowid, organization_id, first_name, last_name, emails, title)
  VALUES (new.rowid, new.organization_id, new.first_name, new.last_name, new.emails, new.title);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_ad` AFTER DELETE ON `contacts` BEGIN
  INSERT INTO contacts_fts(contacts_fts, rowid, organization_id, first_name, last_name, emails, title)
  VALUES ('delete', old.rowid, old.organization_id, old.first_name, old.last_name, old.emails, old.title);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_au` AFTER UPDATE OF first_name, last_name, emails, title ON `contacts` BEGIN
  INSERT INTO contacts_fts(contacts_fts, rowid, organization_id, first_name, last_name, emails, title)
  VALUES ('delete', old.rowid, old.organization_id, old.first_name, old.last_name, old.emails, old.title);
  INSERT INTO contacts_fts(rowid, organization_id, first_name, last_name, emails, title)
  VALUES (new.rowid, new.organization_id, new.first_name, new.last_name, new.emails, new.title);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `companies_fts` USING fts5(
  organization_id, name, domain,
  content='companies', content_rowid='rowid',
  tokenize="unicode61 remove_diacritics 2 tokenchars '_'", prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `companies_fts_ai` AFTER INSERT ON `companies` BEGIN
  INSERT INTO companies_fts(rowid, organization_id, name, domain) VALUES (new.rowid, new.organization_id, new.name, new.domain);
END;
--> statement-breakpoint
CREATE TRIGGER `companies_fts_ad` AFTER DELETE ON `companies` BEGIN
  INSERT INTO companies_fts(companies_fts, rowid, organization_id, name, domain)
  VALUES ('delete', old.rowid, old.organization_id, old.name, old.domain);
END;
--> statement-breakpoint
CREATE TRIGGER `companies_fts_au` AFTER UPDATE OF name, domain ON `companies` BEGIN
  INSERT INTO companies_fts(companies_fts, rowid, organization_id, name, domain)
  VALUES ('delete', old.rowid, old.organization_id, old.name, old.domain);
  INSERT INTO companies_fts(rowid, organization_id, name, domain) VALUES (new.rowid, new.organization_id, new.name, new.domain);
END;
--> statement-breakpoint
INSERT INTO contacts_fts(contacts_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO companies_fts(companies_fts) VALUES ('rebuild');
