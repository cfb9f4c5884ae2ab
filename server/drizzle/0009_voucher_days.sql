ALTER TABLE `voucher_total` ADD `days` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Vouchers with postings on several days (rare), for ledgers synced before this column existed.
UPDATE `voucher_total` SET `days` = `m`.`n`
FROM (
  SELECT `api_account_id`, `voucher`, count(*) AS `n` FROM `voucher_total`
  GROUP BY `api_account_id`, `voucher` HAVING count(*) > 1
) AS `m`
WHERE `m`.`api_account_id` = `voucher_total`.`api_account_id` AND `m`.`voucher` = `voucher_total`.`voucher`;
