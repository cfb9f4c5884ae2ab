CREATE TABLE `account` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`user_id` text NOT NULL,
	`access_token` text,
	`refresh_token` text,
	`id_token` text,
	`access_token_expires_at` integer,
	`refresh_token_expires_at` integer,
	`scope` text,
	`password` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_user_idx` ON `account` (`user_id`);--> statement-breakpoint
CREATE TABLE `refresh_token` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `session`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_token_token_hash_unique` ON `refresh_token` (`token_hash`);--> statement-breakpoint
CREATE INDEX `refresh_token_user_idx` ON `refresh_token` (`user_id`);--> statement-breakpoint
CREATE TABLE `session` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`user_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_token_unique` ON `session` (`token`);--> statement-breakpoint
CREATE INDEX `session_user_idx` ON `session` (`user_id`);--> statement-breakpoint
CREATE TABLE `user` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`image` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`company_name` text,
	`phone_number` text,
	`role` text DEFAULT 'User' NOT NULL,
	`last_login_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_email_unique` ON `user` (`email`);--> statement-breakpoint
CREATE TABLE `verification` (
	`id` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `verification_identifier_idx` ON `verification` (`identifier`);--> statement-breakpoint
CREATE TABLE `board` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`widgets` text DEFAULT '[]' NOT NULL,
	`public_board_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `board_owner_idx` ON `board` (`owner_id`);--> statement-breakpoint
CREATE TABLE `board_api_account` (
	`board_id` text NOT NULL,
	`api_account_id` text NOT NULL,
	PRIMARY KEY(`board_id`, `api_account_id`),
	FOREIGN KEY (`board_id`) REFERENCES `board`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `board_api_account_api_idx` ON `board_api_account` (`api_account_id`);--> statement-breakpoint
CREATE TABLE `api_account` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`number` text,
	`settings` text DEFAULT '{}' NOT NULL,
	`integration` integer DEFAULT false NOT NULL,
	`api_key_is_invalid` integer DEFAULT false NOT NULL,
	`last_synced_at` integer,
	`data_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_account_owner_idx` ON `api_account` (`owner_id`);--> statement-breakpoint
CREATE TABLE `employee` (
	`api_account_id` text NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	PRIMARY KEY(`api_account_id`, `id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ledger_account` (
	`api_account_id` text NOT NULL,
	`number` integer NOT NULL,
	`name` text NOT NULL,
	`name_en` text,
	PRIMARY KEY(`api_account_id`, `number`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `monthly_balance` (
	`api_account_id` text NOT NULL,
	`account_number` integer NOT NULL,
	`month` text NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`api_account_id`, `month`, `account_number`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `party` (
	`api_account_id` text NOT NULL,
	`kind` text NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`org_number` text,
	PRIMARY KEY(`api_account_id`, `kind`, `id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `posting` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`api_account_id` text NOT NULL,
	`date` text NOT NULL,
	`voucher` text NOT NULL,
	`account_number` integer NOT NULL,
	`amount` integer NOT NULL,
	`customer_id` text,
	`supplier_id` text,
	`product_id` text,
	`description` text,
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `posting_source_date_idx` ON `posting` (`api_account_id`,`date`);--> statement-breakpoint
CREATE INDEX `posting_revenue_idx` ON `posting` (`api_account_id`,`date`,`customer_id`) WHERE account_number between 3000 and 3999;--> statement-breakpoint
CREATE TABLE `product` (
	`api_account_id` text NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`price` integer,
	PRIMARY KEY(`api_account_id`, `id`),
	FOREIGN KEY (`api_account_id`) REFERENCES `api_account`(`id`) ON UPDATE no action ON DELETE cascade
);
