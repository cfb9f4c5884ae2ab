// Every element writes numbers and dates with the contract's one formatter, so the portal, partner
// pages, exports and tests show the same strings.
export {
  formatAmount,
  formatDate,
  formatMonth,
  formatNumber,
  formatPercent,
  formatPeriod,
  oreToUnits,
  THOUSANDS_SEPARATOR,
} from '@saldo/contract/numbers/format';
