DROP INDEX `posting_source_date_idx`;--> statement-breakpoint
DROP INDEX `posting_revenue_idx`;--> statement-breakpoint
-- SQLite adds a NOT NULL column only with a default; ledgers synced before carry their date's month
-- and their number as the account's ID (what a sync writes for a source without periods or sub-accounts).
ALTER TABLE `posting` ADD `period` text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE `posting` ADD `account_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `posting` SET `period` = substr(`date`, 1, 7), `account_id` = CAST(`account_number` AS TEXT);--> statement-breakpoint
CREATE INDEX `posting_source_period_idx` ON `posting` (`api_account_id`,`period`,`date`);--> statement-breakpoint
CREATE INDEX `posting_revenue_idx` ON `posting` (`api_account_id`,`period`,`date`,`customer_id`) WHERE account_number between 3000 and 3999;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_ledger_account` (
	`api_account_id` text NOT NULL,
	`account_id` text NOT NULL,
	`number` integer NOT NULL,
	`name` text NOT NULL,
	`name_en` text,
	PRIMARY KEY(`api_account_id`, `account_id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_ledger_account`("api_account_id", "account_id", "number", "name", "name_en") SELECT "api_account_id", CAST("number" AS TEXT), "number", "name", "name_en" FROM `ledger_account`;--> statement-breakpoint
DROP TABLE `ledger_account`;--> statement-breakpoint
ALTER TABLE `__new_ledger_account` RENAME TO `ledger_account`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_monthly_balance` (
	`api_account_id` text NOT NULL,
	`account_number` integer NOT NULL,
	`account_id` text NOT NULL,
	`month` text NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`api_account_id`, `month`, `account_id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_monthly_balance`("api_account_id", "account_number", "account_id", "month", "amount") SELECT "api_account_id", "account_number", CAST("account_number" AS TEXT), "month", "amount" FROM `monthly_balance`;--> statement-breakpoint
DROP TABLE `monthly_balance`;--> statement-breakpoint
ALTER TABLE `__new_monthly_balance` RENAME TO `monthly_balance`;--> statement-breakpoint
CREATE TABLE `__new_voucher_total` (
	`api_account_id` text NOT NULL,
	`date` text NOT NULL,
	`period` text NOT NULL,
	`voucher` text NOT NULL,
	`debit` integer NOT NULL,
	`description` text,
	`days` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`api_account_id`, `period`, `date`, `voucher`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_voucher_total`("api_account_id", "date", "period", "voucher", "debit", "description", "days") SELECT "api_account_id", "date", substr("date", 1, 7), "voucher", "debit", "description", "days" FROM `voucher_total`;--> statement-breakpoint
DROP TABLE `voucher_total`;--> statement-breakpoint
ALTER TABLE `__new_voucher_total` RENAME TO `voucher_total`;--> statement-breakpoint
ALTER TABLE `staging_record` ADD `period` text;