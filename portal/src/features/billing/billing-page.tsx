import type { BillingStatus } from '@saldo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { useNotify, useNotifyError } from '../../components/notifications';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { SettingsTabs } from '../profile/settings-tabs';
import { BILLING_PATH } from './billing-banner';
import { checkoutReturn, hasRunningSubscription, localDay } from './billing-rules';
import { InvoicesSection } from './invoices-section';
import { MemberBilling } from './member-billing';
import { useBillingText } from './money';
import { PlansSection } from './plans-section';
import { BILLING_KEY, billingStatusQuery, cancelSubscription, plansQuery, reactivateSubscription } from './queries';
import './billing.css';

/** How long the page waits for Stripe's webhook after a return from Checkout before it stops asking. */
const CONFIRM_POLLS = 30;

/**
 * /profile-settings/billing: the account's state and current plan (cancel, reactivate, with their
 * dates), the plans in NOK without and with VAT (subscribe through Stripe Checkout, or change plan),
 * and the order history with each invoice's PDF. Banners for a trial that has ended, a subscription
 * that has ended, and a failed payment.
 */
export function BillingPage() {
  const { t } = useBillingText();
  const errorText = useErrorText();
  const checkout = checkoutReturn(useLocation().search);
  const status = useQuery({
    ...billingStatusQuery,
    // Back from Checkout: the webhook that makes the subscription active may come a moment later.
    refetchInterval: (query) =>
      checkout === 'success' &&
      !(query.state.data && hasRunningSubscription(query.state.data)) &&
      query.state.dataUpdateCount < CONFIRM_POLLS
        ? 1000
        : false,
  });

  return (
    <Page
      testId="billing-page"
      className="billing"
      title={t('billing.title')}
      subtitle={status.data?.payer === 'owners' ? t('billing.member.subtitle') : t('billing.subtitle')}
    >
      <SettingsTabs current="billing" />
      <QueryState
        query={status}
        loading={
          <div className="card loading-block" data-testid="billing-loading">
            {t('app.loading')}
          </div>
        }
        error={
          <>
            {t('billing.loadFailed')} <span className="banner__detail">{errorText(errorCodeOf(status.error))}</span>
          </>
        }
        errorTestId="billing-error"
      >
        {(data) =>
          data.payer === 'owners' ? (
            <MemberBilling owners={data.owners} />
          ) : (
            <>
              <Banners status={data} checkout={checkout} />
              <CurrentPlan status={data} />
              <PlansSection status={data} />
              <InvoicesSection />
            </>
          )
        }
      </QueryState>
    </Page>
  );
}

function Banners({ status, checkout }: { status: BillingStatus; checkout: 'success' | 'cancelled' | null }) {
  const { t } = useBillingText();
  const running = hasRunningSubscription(status);
  return (
    <div className="billing__banners">
      {checkout === 'success' && (
        <div
          className={`banner ${running ? 'banner--success' : 'banner--info'}`}
          role="status"
          data-testid="billing-checkout-banner"
        >
          {running ? t('billing.banner.checkoutSuccess') : t('billing.banner.checkoutPending')}
        </div>
      )}
      {checkout === 'cancelled' && !running && (
        <div className="banner banner--info" role="status" data-testid="billing-checkout-banner">
          {t('billing.banner.checkoutCancelled')}
        </div>
      )}
      {(status.state === 'trialEnded' || status.state === 'ended') && (
        <div className="banner banner--warning billing-banner" role="alert" data-testid="billing-read-only">
          <span>{t(`billing.banner.${status.state}`)}</span>
          {status.enabled && (
            <a className="button button--small button--primary" href="#plans">
              {t('billing.banner.subscribe')}
            </a>
          )}
        </div>
      )}
      {status.state === 'pastDue' && (
        <div className="banner banner--error billing-banner" role="alert" data-testid="billing-past-due">
          <span>{t('billing.banner.pastDue')}</span>
          {status.payUrl && (
            <a className="button button--small button--primary" href={status.payUrl} data-testid="billing-pay-now">
              {t('billing.banner.payNow')}
            </a>
          )}
        </div>
      )}
      {status.state === 'trial' && status.trialEndsAt && (
        <div className="banner banner--info" data-testid="billing-trial">
          {t('billing.banner.trial', { date: localDay(status.trialEndsAt) })}
        </div>
      )}
      {status.state === 'free' && (
        <div className="banner banner--success" data-testid="billing-free">
          {t('billing.banner.free')}
        </div>
      )}
      {!status.enabled && status.state !== 'free' && (
        <div className="banner banner--info" data-testid="billing-disabled">
          {t('billing.banner.disabled')}
        </div>
      )}
    </div>
  );
}

function CurrentPlan({ status }: { status: BillingStatus }) {
  const { t, money, text } = useBillingText();
  const plans = useQuery(plansQuery);
  const client = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const sub = status.subscription;
  const plan = sub ? plans.data?.find((p) => p.id === sub.planId) : undefined;

  const applied = (message: string) => (next: BillingStatus) => {
    client.setQueryData(billingStatusQuery.queryKey, next);
    // The return from Checkout has been read: its banner should not outlive the next change.
    navigate(BILLING_PATH, { replace: true });
    void client.invalidateQueries({ queryKey: BILLING_KEY });
    setConfirming(false);
    notify(message);
  };
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: applied('billing.current.cancelled'),
    onError: (error) => {
      setConfirming(false);
      notifyError(errorCodeOf(error));
    },
  });
  const reactivate = useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: applied('billing.current.reactivated'),
    onError: (error) => notifyError(errorCodeOf(error)),
  });

  const end = sub ? localDay(sub.currentPeriodEnd) : '';
  let when: string | null = null;
  // A running trial's end is in the banner above.
  if (status.state === 'trialEnded' && status.trialEndsAt)
    when = t('billing.current.trialEnded', { date: localDay(status.trialEndsAt) });
  else if (status.state === 'active' || status.state === 'pastDue') when = t('billing.current.renews', { date: end });
  else if (status.state === 'cancelled') when = t('billing.current.endsOn', { date: end });
  else if (status.state === 'ended' && sub)
    when = t('billing.current.endedOn', { date: localDay(sub.endedAt ?? sub.currentPeriodEnd) });

  return (
    <section className="card card__body billing__current" data-testid="billing-current" data-state={status.state}>
      <div className="billing__current-head">
        <h2 className="card__title">{t('billing.current.title')}</h2>
        <span className={`status-pill status-pill--${TONE[status.state]}`} data-testid="billing-state">
          {t(`billing.states.${status.state}`)}
        </span>
      </div>
      <p className="billing__plan-name" data-testid="billing-current-plan">
        {sub
          ? text(plan?.name, sub.planId)
          : t(status.state === 'free' ? 'billing.states.free' : 'billing.current.none')}
      </p>
      {sub && status.state !== 'ended' && (
        <p className="billing__amount" data-testid="billing-current-amount">
          {plan?.unit === 'board' && (
            <span className="muted" data-testid="billing-current-units">
              {t('billing.current.units', { count: sub.quantity, price: money(plan.priceExclVat) })} ·{' '}
            </span>
          )}
          {t('billing.current.amount', { excl: money(sub.amountExclVat), incl: money(sub.amountInclVat) })}
        </p>
      )}
      {sub && plan?.unit === 'board' && (status.state === 'active' || status.state === 'pastDue') && (
        <p className="muted" data-testid="billing-current-per-board">
          {t('billing.current.perBoard')}
        </p>
      )}
      {when && (
        <p className="muted" data-testid="billing-current-when">
          {when}
        </p>
      )}
      {status.enabled && (status.state === 'active' || status.state === 'pastDue') && (
        <div className="billing__actions">
          <Button kind="danger-ghost" onClick={() => setConfirming(true)} data-testid="billing-cancel">
            {t('billing.current.cancel')}
          </Button>
        </div>
      )}
      {status.enabled && status.state === 'cancelled' && (
        <div className="billing__actions">
          <p className="muted">{t('billing.current.reactivateHint', { date: end })}</p>
          <Button
            kind="primary"
            onClick={() => reactivate.mutate()}
            disabled={reactivate.isPending}
            data-testid="billing-reactivate"
          >
            {reactivate.isPending && <span className="spinner" aria-hidden="true" />}
            {t('billing.current.reactivate')}
          </Button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('billing.current.cancelTitle')}
          body={t('billing.current.cancelBody', { date: end })}
          confirmLabel={t('billing.current.cancelConfirm')}
          onConfirm={() => cancel.mutate()}
          onCancel={() => setConfirming(false)}
          busy={cancel.isPending}
          danger
          testId="billing-cancel-dialog"
        />
      )}
    </section>
  );
}

const TONE: Record<BillingStatus['state'], 'valid' | 'running' | 'queued' | 'invalid' | 'failed'> = {
  trial: 'running',
  trialEnded: 'invalid',
  free: 'valid',
  active: 'valid',
  pastDue: 'failed',
  cancelled: 'queued',
  ended: 'invalid',
};
