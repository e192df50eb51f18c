ALTER TABLE `companies` ADD `next_task_at` integer;--> statement-breakpoint
CREATE INDEX `companies_org_next_task_idx` ON `companies` (`organization_id`,`deleted_at`,`next_task_at`,lower("name"),`id`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `next_task_at` integer;--> statement-breakpoint
CREATE INDEX `contacts_org_next_task_idx` ON `contacts` (`organization_id`,`deleted_at`,`next_task_at`,`sort_name`,`id`);--> statement-breakpoint
-- A record's next task: the earliest due date of its live open tasks, kept whenever a task is added,
-- rescheduled, done or reopened, moved to the trash or back, linked elsewhere or purged. What the
-- "Next task" column shows, sorts (contacts_org_next_task_idx) and filters by ("is empty": no next step).
-- Each reads the record's open tasks from tasks_org_record_idx, named: unasked, SQLite walked every open task of
-- the organization in due order (tasks_org_status_due_idx) for each write, 112 s for the seed's last 10,000 tasks.
-- The record is found by its unique id.
UPDATE `contacts` SET `next_task_at` = (SELECT min(t.due_at) FROM `tasks` t INDEXED BY tasks_org_record_idx WHERE t.organization_id = `contacts`.organization_id AND t.record_id = `contacts`.id AND t.status = 'open' AND t.deleted_at IS NULL) WHERE `id` IN (SELECT record_id FROM `tasks` WHERE record_object = 'contact');--> statement-breakpoint
UPDATE `companies` SET `next_task_at` = (SELECT min(t.due_at) FROM `tasks` t INDEXED BY tasks_org_record_idx WHERE t.organization_id = `companies`.organization_id AND t.record_id = `companies`.id AND t.status = 'open' AND t.deleted_at IS NULL) WHERE `id` IN (SELECT record_id FROM `tasks` WHERE record_object = 'company');--> statement-breakpoint
CREATE TRIGGER `tasks_next_task_ai` AFTER INSERT ON `tasks` WHEN new.record_id IS NOT NULL BEGIN
  UPDATE `contacts` SET `next_task_at` = (SELECT min(t.due_at) FROM `tasks` t INDEXED BY tasks_org_record_idx WHERE t.organization_id = new.organization_id AND t.record_id = new.record_id AND t.status = 'open' AND t.deleted_at IS NULL)
    WHERE new.record_object = 'contact' AND `id` = new.record_id AND `organization_id` = new.organization_id;
  UPDATE `companies` SET `next_task_at` = (SELECT min(t.due_at) FROM `tasks` t INDEXED BY tasks_org_record_idx WHERE t.organization_id = new.organization_id AND t.record_id = new.record_id AND t.status = 'open' AND t.deleted_at IS NULL)
    WHERE new.record_object = 'company' AND `id` = new.record_id AND `organization_id` = new.organization_id;
END;--> statement-breakpoint
CREATE TRIGGER `tasks_next_task_au` AFTER UPDATE OF organization_id, record_object, record_id, due_at, status, deleted_at ON `tasks`
  WHEN old.record_id IS NOT NULL OR new.record_id IS NOT NULL BEGIN
  UPDATE `contacts` SET `next_task_at` = (SELECT min(t.due_at) FROM `tasks` t INDEXED BY tasks_org_record_idx WHERE t.organization_id = old.organization_id AND t.record_id = old.record_id AND t.status = 'open' AND t.deleted_at IS NULL)
    WHERE old.record_object = 'contact' AND `id` = old.record_id AND `organization_id` = old.organization_id;
  UPDATE `companies` SET `next_task_at` = (SELECT min(t.due_at) FROM `tasks` t INDEXED BY tasks_org_record_idx WHERE t.organization_id = old.organization_id AND t.record_id = old.record_id AND t.status = 'open' AND t.deleted_at IS NULL)
    WHERE old.record_object = 'company' AND `id` = old.record_id AND `organization_id` = old.organization_id;
  UPDATE `contacts` SET `next_task_at` = (SELECT min(t.due_at) FROM `tasks` t INDEXED BY tasks_org_record_idx WHERE t.organization_id = new.organization_id AND t.record_id = new.record_id AND t.status = 'open' AND t.deleted_at IS NULL)
    WHERE new.record_object = 'contact' AND `id` = new.record_id AND `organization_id` = new.organization_id AND new.record_id IS NOT old.record_id;
  UPDATE `companies` SET `next_task_at` = (SELECT min(t.due_at) FROM `tasks` t INDEXED BY tasks_org_record_idx WHERE t.organization_id = new.organization_id AND t.record_id = new.record_id AND t.status = 'open' AND t.deleted_at IS NULL)
    WHERE new.record_object = 'company' AND `id` = new.record_id AND `organization_id` = new.organization_id AND new.record_id IS NOT old.record_id;
END;--> statement-breakpoint
CREATE TRIGGER `tasks_next_task_ad` AFTER DELETE ON `tasks` WHEN old.record_id IS NOT NULL BEGIN
  UPDATE `contacts` SET `next_task_at` = (SELECT min(t.due_at) FROM `tasks` t INDEXED BY tasks_org_record_idx WHERE t.organization_id = old.organization_id AND t.record_id = old.record_id AND t.status = 'open' AND t.deleted_at IS NULL)
    WHERE old.record_object = 'contact' AND `id` = old.record_id AND `organization_id` = old.organization_id;
  UPDATE `companies` SET `next_task_at` = (SELECT min(t.due_at) FROM `tasks` t INDEXED BY tasks_org_record_idx WHERE t.organization_id = old.organization_id AND t.record_id = old.record_id AND t.status = 'open' AND t.deleted_at IS NULL)
    WHERE old.record_object = 'company' AND `id` = old.record_id AND `organization_id` = old.organization_id;
END;
