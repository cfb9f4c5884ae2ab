import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { bannerOf } from './billing-rules';
import { useBillingText } from './money';
import { billingStatusQuery } from './queries';
import './billing.css';

export const BILLING_PATH = '/profile-settings/billing';

/**
 * The portal-wide banner above every page of the shell: the trial or the subscription is over (the
 * boards the user owns are read-only, nothing is deleted) or a payment failed, with the way to billing.
 * The billing page shows its own, fuller banners, so this one stays away from it.
 */
export function BillingBanner() {
  const { t } = useBillingText();
  const { pathname } = useLocation();
  const status = useQuery(billingStatusQuery);
  const kind = bannerOf(status.data);
  if (!kind || pathname.startsWith(BILLING_PATH)) return null;
  return (
    <div
      className={`banner ${kind === 'pastDue' ? 'banner--error' : 'banner--warning'} billing-banner`}
      role="status"
      data-testid="billing-banner"
      data-kind={kind}
    >
      <span>{t(`billing.banner.${kind}`)}</span>
      <Link className="button button--small button--primary" to={BILLING_PATH}>
        {kind === 'pastDue' ? t('billing.banner.toBilling') : t('billing.banner.subscribe')}
      </Link>
    </div>
  );
}
