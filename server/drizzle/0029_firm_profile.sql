CREATE TABLE `firm_profile` (
	`firm_id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`org_number` text NOT NULL,
	`primary_color` text NOT NULL,
	`secondary_color` text NOT NULL,
	`sender_name` text,
	`reply_to` text,
	`logo` blob,
	`logo_type` text,
	`logo_updated_at` integer,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`firm_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
