CREATE TABLE `ledger_version` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`api_account_id` text NOT NULL,
	`state` text NOT NULL,
	`job_key` text,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ledger_version_state_idx` ON `ledger_version` (`state`,`changed_at`);--> statement-breakpoint
CREATE INDEX `ledger_version_account_idx` ON `ledger_version` (`api_account_id`);--> statement-breakpoint
-- Every account's ledger so far becomes its first live version; new versions get ids after these.
ALTER TABLE `api_account` ADD `ledger_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO `ledger_version` (`api_account_id`, `state`, `job_key`, `changed_at`) SELECT `id`, 'live', NULL, CAST(strftime('%s', 'now') AS INTEGER) * 1000 FROM `api_account` ORDER BY `rowid`;--> statement-breakpoint
UPDATE `api_account` SET `ledger_version` = (SELECT v.`id` FROM `ledger_version` v WHERE v.`api_account_id` = `api_account`.`id`);--> statement-breakpoint
DROP INDEX `posting_source_period_idx`;--> statement-breakpoint
DROP INDEX `posting_revenue_idx`;--> statement-breakpoint
-- SQLite adds a NOT NULL column only with a default; every row then gets its account's version.
ALTER TABLE `posting` ADD `version` integer NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE `posting` SET `version` = (SELECT `ledger_version` FROM `api_account` a WHERE a.`id` = `posting`.`api_account_id`);--> statement-breakpoint
CREATE INDEX `posting_source_period_idx` ON `posting` (`api_account_id`,`version`,`period`,`date`);--> statement-breakpoint
CREATE INDEX `posting_revenue_idx` ON `posting` (`api_account_id`,`version`,`period`,`date`,`customer_id`) WHERE account_number between 3000 and 3999;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_employee` (
	`api_account_id` text NOT NULL,
	`version` integer NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	PRIMARY KEY(`api_account_id`, `version`, `id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_employee`("api_account_id", "version", "id", "name", "start_date", "end_date") SELECT "api_account_id", (SELECT `ledger_version` FROM `api_account` a WHERE a.`id` = `employee`.`api_account_id`), "id", "name", "start_date", "end_date" FROM `employee`;--> statement-breakpoint
DROP TABLE `employee`;--> statement-breakpoint
ALTER TABLE `__new_employee` RENAME TO `employee`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_ledger_account` (
	`api_account_id` text NOT NULL,
	`version` integer NOT NULL,
	`account_id` text NOT NULL,
	`number` integer NOT NULL,
	`name` text NOT NULL,
	`name_en` text,
	PRIMARY KEY(`api_account_id`, `version`, `account_id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_ledger_account`("api_account_id", "version", "account_id", "number", "name", "name_en") SELECT "api_account_id", (SELECT `ledger_version` FROM `api_account` a WHERE a.`id` = `ledger_account`.`api_account_id`), "account_id", "number", "name", "name_en" FROM `ledger_account`;--> statement-breakpoint
DROP TABLE `ledger_account`;--> statement-breakpoint
ALTER TABLE `__new_ledger_account` RENAME TO `ledger_account`;--> statement-breakpoint
CREATE TABLE `__new_monthly_balance` (
	`api_account_id` text NOT NULL,
	`version` integer NOT NULL,
	`account_number` integer NOT NULL,
	`account_id` text NOT NULL,
	`month` text NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`api_account_id`, `version`, `month`, `account_id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_monthly_balance`("api_account_id", "version", "account_number", "account_id", "month", "amount") SELECT "api_account_id", (SELECT `ledger_version` FROM `api_account` a WHERE a.`id` = `monthly_balance`.`api_account_id`), "account_number", "account_id", "month", "amount" FROM `monthly_balance`;--> statement-breakpoint
DROP TABLE `monthly_balance`;--> statement-breakpoint
ALTER TABLE `__new_monthly_balance` RENAME TO `monthly_balance`;--> statement-breakpoint
CREATE TABLE `__new_party` (
	`api_account_id` text NOT NULL,
	`version` integer NOT NULL,
	`kind` text NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`org_number` text,
	PRIMARY KEY(`api_account_id`, `version`, `kind`, `id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_party`("api_account_id", "version", "kind", "id", "name", "org_number") SELECT "api_account_id", (SELECT `ledger_version` FROM `api_account` a WHERE a.`id` = `party`.`api_account_id`), "kind", "id", "name", "org_number" FROM `party`;--> statement-breakpoint
DROP TABLE `party`;--> statement-breakpoint
ALTER TABLE `__new_party` RENAME TO `party`;--> statement-breakpoint
CREATE TABLE `__new_party_month` (
	`api_account_id` text NOT NULL,
	`version` integer NOT NULL,
	`kind` text NOT NULL,
	`month` text NOT NULL,
	`party_id` text NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`api_account_id`, `version`, `kind`, `month`, `party_id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_party_month`("api_account_id", "version", "kind", "month", "party_id", "amount") SELECT "api_account_id", (SELECT `ledger_version` FROM `api_account` a WHERE a.`id` = `party_month`.`api_account_id`), "kind", "month", "party_id", "amount" FROM `party_month`;--> statement-breakpoint
DROP TABLE `party_month`;--> statement-breakpoint
ALTER TABLE `__new_party_month` RENAME TO `party_month`;--> statement-breakpoint
CREATE TABLE `__new_product` (
	`api_account_id` text NOT NULL,
	`version` integer NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`price` integer,
	PRIMARY KEY(`api_account_id`, `version`, `id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_product`("api_account_id", "version", "id", "name", "price") SELECT "api_account_id", (SELECT `ledger_version` FROM `api_account` a WHERE a.`id` = `product`.`api_account_id`), "id", "name", "price" FROM `product`;--> statement-breakpoint
DROP TABLE `product`;--> statement-breakpoint
ALTER TABLE `__new_product` RENAME TO `product`;--> statement-breakpoint
CREATE TABLE `__new_voucher_total` (
	`api_account_id` text NOT NULL,
	`version` integer NOT NULL,
	`date` text NOT NULL,
	`period` text NOT NULL,
	`voucher` text NOT NULL,
	`debit` integer NOT NULL,
	`description` text,
	`days` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`api_account_id`, `version`, `period`, `date`, `voucher`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_voucher_total`("api_account_id", "version", "date", "period", "voucher", "debit", "description", "days") SELECT "api_account_id", (SELECT `ledger_version` FROM `api_account` a WHERE a.`id` = `voucher_total`.`api_account_id`), "date", "period", "voucher", "debit", "description", "days" FROM `voucher_total`;--> statement-breakpoint
DROP TABLE `voucher_total`;--> statement-breakpoint
ALTER TABLE `__new_voucher_total` RENAME TO `voucher_total`;--> statement-breakpoint
-- One active job per account from now on: any extra ones queued by a race are given up.
UPDATE `sync_job` SET `status` = 'failed', `lease_owner` = NULL, `error` = 'The sync failed. Try again, or contact support if it keeps failing.' WHERE `status` IN ('queued', 'running') AND `id` NOT IN (SELECT `id` FROM (SELECT `id`, row_number() OVER (PARTITION BY `api_account_id` ORDER BY `created_at`, `id`) AS n FROM `sync_job` WHERE `status` IN ('queued', 'running')) WHERE n = 1);--> statement-breakpoint
CREATE UNIQUE INDEX `sync_job_active_idx` ON `sync_job` (`api_account_id`) WHERE status in ('queued', 'running');--> statement-breakpoint
-- A sync now writes its new ledger version straight into the ledger tables.
DROP TABLE `staging_record`;
