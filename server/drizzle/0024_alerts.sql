CREATE TABLE `alert_digest` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient_id` text NOT NULL,
	`slot` text NOT NULL,
	`status` text NOT NULL,
	`event_count` integer NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`recipient_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_digest_slot_idx` ON `alert_digest` (`recipient_id`,`slot`);--> statement-breakpoint
CREATE TABLE `alert_event` (
	`id` text PRIMARY KEY NOT NULL,
	`rule_id` text NOT NULL,
	`board_id` text NOT NULL,
	`period` text NOT NULL,
	`value` real,
	`threshold` real NOT NULL,
	`reason` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`resolved_at` integer,
	`mailed_at` integer,
	`digest_id` text,
	FOREIGN KEY (`rule_id`) REFERENCES `alert_rule`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`board_id`) REFERENCES `board`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_event_open_idx` ON `alert_event` (`rule_id`,`board_id`) WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX `alert_event_board_idx` ON `alert_event` (`board_id`,`resolved_at`);--> statement-breakpoint
CREATE INDEX `alert_event_unmailed_idx` ON `alert_event` (`mailed_at`,`resolved_at`);--> statement-breakpoint
CREATE TABLE `alert_rule` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`metric` text NOT NULL,
	`comparison` text NOT NULL,
	`threshold` real NOT NULL,
	`period` text NOT NULL,
	`scope_kind` text NOT NULL,
	`scope_board_id` text,
	`scope_tag` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scope_board_id`) REFERENCES `board`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_rule_owner_idx` ON `alert_rule` (`owner_id`);--> statement-breakpoint
CREATE INDEX `alert_rule_board_idx` ON `alert_rule` (`scope_board_id`);