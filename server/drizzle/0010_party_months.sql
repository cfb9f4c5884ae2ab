CREATE TABLE `party_month` (
	`api_account_id` text NOT NULL,
	`kind` text NOT NULL,
	`month` text NOT NULL,
	`party_id` text NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`api_account_id`, `kind`, `month`, `party_id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Ledgers synced before this table existed (the same sums the sync writes).
INSERT INTO `party_month` (`api_account_id`, `kind`, `month`, `party_id`, `amount`)
SELECT `api_account_id`, 'customer', substr(`date`, 1, 7), `customer_id`, -sum(`amount`) FROM `posting`
  WHERE `account_number` BETWEEN 3000 AND 3999 AND `customer_id` IS NOT NULL GROUP BY 1, 3, 4
UNION ALL
SELECT `api_account_id`, 'product', substr(`date`, 1, 7), `product_id`, -sum(`amount`) FROM `posting`
  WHERE `account_number` BETWEEN 3000 AND 3999 AND `product_id` IS NOT NULL GROUP BY 1, 3, 4
UNION ALL
SELECT `api_account_id`, 'supplier', substr(`date`, 1, 7), `supplier_id`, sum(`amount`) FROM `posting`
  WHERE `account_number` BETWEEN 4000 AND 7999 AND `supplier_id` IS NOT NULL GROUP BY 1, 3, 4;
