CREATE TABLE `pack_delivery` (
	`id` text PRIMARY KEY NOT NULL,
	`snapshot_id` text NOT NULL,
	`schedule_id` text,
	`board_id` text NOT NULL,
	`pack_id` text NOT NULL,
	`recipient` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`response` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`snapshot_id`) REFERENCES `pack_snapshots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`schedule_id`) REFERENCES `pack_schedule`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`board_id`) REFERENCES `board`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pack_delivery_recipient_idx` ON `pack_delivery` (`snapshot_id`,`recipient`);--> statement-breakpoint
CREATE INDEX `pack_delivery_pack_idx` ON `pack_delivery` (`board_id`,`pack_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `pack_schedule` (
	`id` text PRIMARY KEY NOT NULL,
	`pack_id` text NOT NULL,
	`board_id` text NOT NULL,
	`rule` text NOT NULL,
	`day` integer,
	`recipients` text NOT NULL,
	`message` text NOT NULL,
	`owner_id` text NOT NULL,
	`since` text NOT NULL,
	`booked_since` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pack_id`) REFERENCES `report_pack`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`board_id`) REFERENCES `board`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pack_schedule_pack_id_unique` ON `pack_schedule` (`pack_id`);--> statement-breakpoint
ALTER TABLE `pack_snapshots` ADD `run_slot` text;--> statement-breakpoint
CREATE UNIQUE INDEX `pack_snapshots_run_slot_unique` ON `pack_snapshots` (`run_slot`);