ALTER TABLE `month_summary` ADD `depreciation` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `month_summary` ADD `payroll` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `month_summary` ADD `other_operating_expenses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `month_summary` ADD `cash_costs` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `month_summary` ADD `inventory` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `month_summary` ADD `trade_receivables` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `month_summary` ADD `trade_payables` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `month_summary` ADD `booked` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows summarised before these columns hold 0 for them, not the figures: drop them, and the portfolio
-- summarises each source again from its monthly balances on its first read (month-summary-read.ts).
DELETE FROM `month_summary`;
