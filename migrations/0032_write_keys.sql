-- Custom SQL. The import batches' keys become the keys of every write the web may send twice (an import
-- batch, a new contact, company, task or note): a write sent again because its answer never came back is
-- answered from here, not made twice. The rows are kept as they are (a batch's result); new records keep
-- their id.
ALTER TABLE `import_batches` RENAME TO `write_keys`;--> statement-breakpoint
DROP INDEX `import_batches_org_created_idx`;--> statement-breakpoint
CREATE INDEX `write_keys_org_created_idx` ON `write_keys` (`organization_id`,`created_at`);
