CREATE TABLE `month_summary` (
	`api_account_id` text NOT NULL,
	`version` integer NOT NULL,
	`month` text NOT NULL,
	`revenue` integer NOT NULL,
	`cost_of_goods` integer NOT NULL,
	`gross_profit` integer NOT NULL,
	`operating_result` integer NOT NULL,
	`result_before_tax` integer NOT NULL,
	`result` integer NOT NULL,
	`cash_and_bank` integer NOT NULL,
	`equity` integer NOT NULL,
	`total_assets` integer NOT NULL,
	`current_assets` integer NOT NULL,
	`short_term_debt` integer NOT NULL,
	`total_debt` integer NOT NULL,
	PRIMARY KEY(`api_account_id`, `version`, `month`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `board` ADD `tags` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `board` ADD `responsible_user_id` text REFERENCES user(id) ON DELETE set null;