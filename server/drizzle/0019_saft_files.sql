CREATE TABLE `saft_file` (
	`id` text PRIMARY KEY NOT NULL,
	`api_account_id` text NOT NULL,
	`file_name` text DEFAULT '' NOT NULL,
	`bytes` integer NOT NULL,
	`content_hash` text,
	`period_from` text,
	`period_to` text,
	`uploaded_at` integer NOT NULL,
	`uploaded_by` text,
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `saft_file_account_idx` ON `saft_file` (`api_account_id`,`uploaded_at`);--> statement-breakpoint
CREATE INDEX `saft_file_hash_idx` ON `saft_file` (`content_hash`);--> statement-breakpoint
-- Each SAF-T source from before keeps its one file (uploads/saft/<source id>.xml) as its first file.
INSERT INTO `saft_file` (`id`, `api_account_id`, `file_name`, `bytes`, `uploaded_at`, `uploaded_by`)
SELECT `id`, `id`, coalesce(json_extract(`settings`, '$.fileName'), ''), coalesce(json_extract(`settings`, '$.bytes'), 0), `created_at`, `owner_id`
FROM `api_account` WHERE `type` = 'saft';
