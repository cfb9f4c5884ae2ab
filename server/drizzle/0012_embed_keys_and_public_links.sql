CREATE TABLE `embed_key` (
	`id` text PRIMARY KEY NOT NULL,
	`board_id` text NOT NULL,
	`name` text NOT NULL,
	`origins` text NOT NULL,
	`secret` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`board_id`) REFERENCES `board`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `embed_key_board_idx` ON `embed_key` (`board_id`);--> statement-breakpoint
ALTER TABLE `public_share` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `public_share` ADD `locked_start_date` text;--> statement-breakpoint
ALTER TABLE `public_share` ADD `locked_end_date` text;--> statement-breakpoint
ALTER TABLE `public_share` ADD `views` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `public_share` ADD `last_viewed_at` integer;--> statement-breakpoint
CREATE INDEX `public_share_board_idx` ON `public_share` (`board_id`);--> statement-breakpoint
ALTER TABLE `board` DROP COLUMN `public_board_id`;