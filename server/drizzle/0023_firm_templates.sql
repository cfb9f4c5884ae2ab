CREATE TABLE `board_template_undo` (
	`board_id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`template_name` text NOT NULL,
	`applied_by` text,
	`applied_at` integer NOT NULL,
	`before` text NOT NULL,
	FOREIGN KEY (`board_id`) REFERENCES `board`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`applied_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `firm_template` (
	`id` text PRIMARY KEY NOT NULL,
	`firm_id` text NOT NULL,
	`name` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`body` text NOT NULL,
	FOREIGN KEY (`firm_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `firm_template_firm_idx` ON `firm_template` (`firm_id`,`created_at`);