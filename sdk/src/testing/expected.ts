/**
 * The English profit and loss statement's headings and sums, in order: what a reader expects of any P&L in
 * English whatever its accounts, written here by hand (not read from the contract's labels), for the SDK's,
 * the export's and the browser's tests alike.
 */
export const PROFIT_LOSS_HEADINGS_EN = [
  'Operating income and expenses',
  'Total operating income',
  'Gross profit',
  'Total operating expenses',
  'Operating result',
  'Financial income and expenses',
  'Net financial items',
  'Ordinary result before tax',
  'Net result',
] as const;
