ALTER TABLE `companies` ADD `match_name` text;--> statement-breakpoint
CREATE INDEX `companies_org_match_idx` ON `companies` (`organization_id`,`deleted_at`,`match_name`,`id`);--> statement-breakpoint

-- A company name as look-alikes share it (match_name): lower-cased, without . , ' " ( ), and without up to two
-- legal forms at its end, from this table ("Acme Holdings Co. Ltd" is "acme holdings"). One more form is one more
-- row here, then the UPDATE below again.
CREATE TABLE `company_legal_suffixes` (`suffix` text PRIMARY KEY NOT NULL) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `company_legal_suffixes` (`suffix`) VALUES ('inc'), ('incorporated'), ('llc'), ('llp'), ('lp'), ('ltd'), ('limited'), ('corp'), ('corporation'), ('co'), ('company'), ('gmbh'), ('ag'), ('sa'), ('sas'), ('sarl'), ('srl'), ('spa'), ('bv'), ('nv'), ('plc'), ('pty'), ('oy'), ('ab'), ('kk');
--> statement-breakpoint
UPDATE `companies` SET `match_name` = (SELECT coalesce((SELECT rtrim(substr(w, 1, length(w) - length(s.suffix) - 1)) FROM company_legal_suffixes s
      WHERE length(w) > length(s.suffix) + 1 AND substr(w, -length(s.suffix) - 1) = ' ' || s.suffix), w)
    FROM (SELECT coalesce((SELECT rtrim(substr(v, 1, length(v) - length(s.suffix) - 1)) FROM company_legal_suffixes s
      WHERE length(v) > length(s.suffix) + 1 AND substr(v, -length(s.suffix) - 1) = ' ' || s.suffix), v) AS w
    FROM (SELECT trim(replace(replace(replace(replace(replace(replace(replace(replace(lower(`companies`.`name`), '.', ''), ',', ''), '''', ''), '"', ''), '(', ''), ')', ''), '  ', ' '), '  ', ' ')) AS v)));
--> statement-breakpoint
CREATE TRIGGER `companies_match_name_ai` AFTER INSERT ON `companies` BEGIN
  UPDATE companies SET match_name = (SELECT coalesce((SELECT rtrim(substr(w, 1, length(w) - length(s.suffix) - 1)) FROM company_legal_suffixes s
      WHERE length(w) > length(s.suffix) + 1 AND substr(w, -length(s.suffix) - 1) = ' ' || s.suffix), w)
    FROM (SELECT coalesce((SELECT rtrim(substr(v, 1, length(v) - length(s.suffix) - 1)) FROM company_legal_suffixes s
      WHERE length(v) > length(s.suffix) + 1 AND substr(v, -length(s.suffix) - 1) = ' ' || s.suffix), v) AS w
    FROM (SELECT trim(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.name), '.', ''), ',', ''), '''', ''), '"', ''), '(', ''), ')', ''), '  ', ' '), '  ', ' ')) AS v))) WHERE seq = new.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `companies_match_name_au` AFTER UPDATE OF name ON `companies` BEGIN
  UPDATE companies SET match_name = (SELECT coalesce((SELECT rtrim(substr(w, 1, length(w) - length(s.suffix) - 1)) FROM company_legal_suffixes s
      WHERE length(w) > length(s.suffix) + 1 AND substr(w, -length(s.suffix) - 1) = ' ' || s.suffix), w)
    FROM (SELECT coalesce((SELECT rtrim(substr(v, 1, length(v) - length(s.suffix) - 1)) FROM company_legal_suffixes s
      WHERE length(v) > length(s.suffix) + 1 AND substr(v, -length(s.suffix) - 1) = ' ' || s.suffix), v) AS w
    FROM (SELECT trim(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.name), '.', ''), ',', ''), '''', ''), '"', ''), '(', ''), ')', ''), '  ', ' '), '  ', ' ')) AS v))) WHERE seq = new.seq;
END;
