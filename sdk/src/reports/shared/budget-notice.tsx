/** @jsxImportSource preact */
import { formatAmount } from '../../core/format';
import { type SaldoLang, t } from '../../core/i18n';

/**
 * Said above a balance sheet or cash flow compared with a budget whose movements do not net to zero:
 * its balance sheet cannot balance, and by how much from when (`when`: a date or a month, as shown).
 */
export function BudgetNotice({ off, lang }: { off: { amount: number; when: string } | undefined; lang: SaldoLang }) {
  if (!off) return null;
  return (
    <div class="warning" part="warning budget-warning" role="alert">
      {t(lang, 'budgetNotBalanced').replace('{amount}', formatAmount(off.amount)).replace('{date}', off.when)}
    </div>
  );
}
