CREATE TABLE `voucher_total` (
	`api_account_id` text NOT NULL,
	`date` text NOT NULL,
	`voucher` text NOT NULL,
	`debit` integer NOT NULL,
	`description` text,
	PRIMARY KEY(`api_account_id`, `date`, `voucher`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Ledgers synced before this table existed.
INSERT INTO `voucher_total` (`api_account_id`, `date`, `voucher`, `debit`, `description`)
SELECT `api_account_id`, `date`, `voucher`, sum(CASE WHEN `amount` > 0 THEN `amount` ELSE 0 END), max(`description`)
FROM `posting` WHERE `voucher` != 'IB' GROUP BY `api_account_id`, `date`, `voucher`;
