CREATE TABLE `staging_record` (
	`job_id` text NOT NULL,
	`kind` text NOT NULL,
	`key` text,
	`number` integer,
	`name` text,
	`name_en` text,
	`org_number` text,
	`date` text,
	`end_date` text,
	`voucher` text,
	`amount` integer,
	`customer_id` text,
	`supplier_id` text,
	`product_id` text,
	`description` text
);
--> statement-breakpoint
CREATE INDEX `staging_record_job_idx` ON `staging_record` (`job_id`,`kind`);--> statement-breakpoint
CREATE TABLE `sync_job` (
	`id` text PRIMARY KEY NOT NULL,
	`api_account_id` text NOT NULL,
	`status` text NOT NULL,
	`parts` text DEFAULT '{}' NOT NULL,
	`percentage` integer DEFAULT 0 NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sync_job_status_idx` ON `sync_job` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `sync_job_account_idx` ON `sync_job` (`api_account_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `api_account` ADD `credentials` text;--> statement-breakpoint
ALTER TABLE `api_account` ADD `credentials_fingerprint` text;--> statement-breakpoint
ALTER TABLE `api_account` ADD `expiration_date` text;--> statement-breakpoint
ALTER TABLE `api_account` ADD `stats` text;--> statement-breakpoint
CREATE INDEX `api_account_fingerprint_idx` ON `api_account` (`owner_id`,`credentials_fingerprint`);