ALTER TABLE `posting` ADD `voucher_ref` text;--> statement-breakpoint
ALTER TABLE `staging_record` ADD `voucher_ref` text;