CREATE TABLE `scheduled_job` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`slot` text NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	`status` text NOT NULL,
	`run_at` integer NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`result` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scheduled_job_slot_idx` ON `scheduled_job` (`kind`,`slot`);--> statement-breakpoint
CREATE INDEX `scheduled_job_due_idx` ON `scheduled_job` (`status`,`run_at`);