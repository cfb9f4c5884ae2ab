import type { LocalizedText } from '@saldo/contract';
import { formatAmount } from '@saldo/sdk';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../lib/i18n';

/** Øre as whole kroner in the user's language ("600 kr", "NOK 600"), and a plan's name in it. */
export function useBillingText() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  return {
    t,
    money: (ore: number) => t('billing.money', { amount: formatAmount(ore) }),
    text: (value: LocalizedText | null | undefined, fallback = '') =>
      value ? (lang === 'en' ? value.en : value.no) : fallback,
  };
}
