CREATE TABLE `audit_event` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`actor_id` text,
	`actor_email` text,
	`action` text NOT NULL,
	`group_id` text,
	`target` text NOT NULL,
	`ip` text
);
--> statement-breakpoint
CREATE INDEX `audit_event_group_at_idx` ON `audit_event` (`group_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_event_at_idx` ON `audit_event` (`at`);