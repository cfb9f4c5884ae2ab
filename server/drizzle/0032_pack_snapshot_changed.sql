ALTER TABLE `pack_snapshots` ADD `checked_version` text;--> statement-breakpoint
ALTER TABLE `pack_snapshots` ADD `changed_figures` integer DEFAULT 0 NOT NULL;