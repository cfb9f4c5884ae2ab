CREATE TABLE `pack_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`board_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_by` text,
	`pack_id` text NOT NULL,
	`pack_name` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`language` text NOT NULL,
	`sections` text NOT NULL,
	`pdf` blob NOT NULL,
	`content_hash` text NOT NULL,
	`figures` text NOT NULL,
	`data_version` text NOT NULL,
	`vouchers` text,
	`recipients` text NOT NULL,
	`link_hash` text NOT NULL,
	`link_expires_at` integer NOT NULL,
	FOREIGN KEY (`board_id`) REFERENCES `board`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sent_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pack_snapshots_link_hash_unique` ON `pack_snapshots` (`link_hash`);--> statement-breakpoint
CREATE INDEX `pack_snapshots_pack_idx` ON `pack_snapshots` (`board_id`,`pack_id`,`created_at`);