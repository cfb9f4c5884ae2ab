ALTER TABLE `user` ADD `plan` text DEFAULT 'trial' NOT NULL;--> statement-breakpoint
ALTER TABLE `user` ADD `trial_ends_at` integer;--> statement-breakpoint
-- Existing accounts: the trial (TRIAL_DAYS = 14) runs from when the account was created.
UPDATE `user` SET `trial_ends_at` = `created_at` + 14 * 24 * 60 * 60 * 1000 WHERE `trial_ends_at` IS NULL;
