CREATE TABLE `public_share` (
	`id` text PRIMARY KEY NOT NULL,
	`board_id` text NOT NULL,
	`widgets` text NOT NULL,
	`pages` text NOT NULL,
	`lang` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`board_id`) REFERENCES `board`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
