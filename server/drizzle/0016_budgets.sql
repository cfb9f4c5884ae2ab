CREATE TABLE `budget` (
	`board_id` text NOT NULL,
	`target` text NOT NULL,
	`month` text NOT NULL,
	`amount` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`board_id`, `month`, `target`),
	FOREIGN KEY (`board_id`) REFERENCES `board`(`id`) ON UPDATE no action ON DELETE cascade
);
