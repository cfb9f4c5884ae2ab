import type { BillingPlan, BillingStatus } from '@saldo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { ConfirmDialog } from '../../components/modal';
import { useNotify, useNotifyError } from '../../components/notifications';
import { QueryState } from '../../components/query-state';
import { BILLING_PATH } from './billing-banner';
import { localDay, monthlyPrice, planAction } from './billing-rules';
import { useBillingText } from './money';
import { BILLING_KEY, billingStatusQuery, changePlan, plansQuery, startCheckout } from './queries';

/**
 * The plans, each with its monthly price without VAT and with it, and what the account can do with it:
 * subscribe (to Stripe Checkout), switch to it from the next period, or nothing (the current plan).
 */
export function PlansSection({ status }: { status: BillingStatus }) {
  const { t } = useBillingText();
  const plans = useQuery(plansQuery);
  const [changing, setChanging] = useState<BillingPlan | null>(null);

  return (
    <section className="card card__body billing__plans" id="plans" data-testid="billing-plans">
      <h2 className="card__title">{t('billing.plans.title')}</h2>
      <QueryState query={plans} loading="text" emptyText={t('billing.plans.empty')}>
        {(list) => (
          <div className="billing__plan-grid">
            {list.map((plan) => (
              <PlanCard key={plan.id} plan={plan} status={status} onChange={() => setChanging(plan)} />
            ))}
          </div>
        )}
      </QueryState>
      {changing && <ChangePlanDialog plan={changing} status={status} onClose={() => setChanging(null)} />}
    </section>
  );
}

function PlanCard({ plan, status, onChange }: { plan: BillingPlan; status: BillingStatus; onChange: () => void }) {
  const { t, money, text } = useBillingText();
  const notifyError = useNotifyError();
  const action = planAction(status, plan.id);
  const forYou = monthlyPrice(plan, status.boards);
  const name = text(plan.name, plan.id);
  const checkout = useMutation({
    mutationFn: () => startCheckout(plan.id),
    // Off to Stripe's hosted page; it sends the browser back to the billing page when done.
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => notifyError(errorCodeOf(error)),
  });

  return (
    <article
      className={`billing__plan ${action === 'current' ? 'billing__plan--current' : ''}`}
      data-testid="billing-plan"
      data-plan={plan.id}
    >
      <header className="billing__plan-head">
        <h3 className="billing__plan-title">{name}</h3>
        {action === 'current' && <span className="chip chip--confirmed">{t('billing.plans.current')}</span>}
      </header>
      <p className="muted billing__plan-description">{text(plan.description)}</p>
      <p className="billing__price" data-testid="billing-plan-excl">
        <strong>{money(plan.priceExclVat)}</strong>{' '}
        <span className="muted">
          {t(plan.unit === 'board' ? 'billing.plans.perBoardMonth' : 'billing.plans.perMonth')}
        </span>
      </p>
      <p className="billing__price-vat" data-testid="billing-plan-incl">
        {t('billing.plans.inclVat', { amount: money(plan.priceInclVat), percent: plan.vatPercent })}
      </p>
      {plan.unit === 'board' && forYou.units > 1 && (
        <p className="muted small" data-testid="billing-plan-for-you">
          {t('billing.plans.forYou', { count: forYou.units, excl: money(forYou.exclVat), incl: money(forYou.inclVat) })}
        </p>
      )}
      <div className="billing__plan-actions">
        {action === 'subscribe' && (
          <Button
            kind="primary"
            block
            onClick={() => checkout.mutate()}
            disabled={checkout.isPending || checkout.isSuccess}
            data-testid="billing-subscribe"
          >
            {(checkout.isPending || checkout.isSuccess) && <span className="spinner" aria-hidden="true" />}
            {t('billing.plans.choose', { plan: name })}
          </Button>
        )}
        {action === 'change' && (
          <Button kind="secondary" block onClick={onChange} data-testid="billing-change">
            {t('billing.plans.change')}
          </Button>
        )}
      </div>
    </article>
  );
}

function ChangePlanDialog({
  plan,
  status,
  onClose,
}: {
  plan: BillingPlan;
  status: BillingStatus;
  onClose: () => void;
}) {
  const { t, money, text } = useBillingText();
  const errorText = useErrorText();
  const notify = useNotify();
  const client = useQueryClient();
  const navigate = useNavigate();
  const price = monthlyPrice(plan, status.boards);
  const change = useMutation({
    mutationFn: () => changePlan(plan.id),
    onSuccess: (next) => {
      client.setQueryData(billingStatusQuery.queryKey, next);
      navigate(BILLING_PATH, { replace: true });
      void client.invalidateQueries({ queryKey: BILLING_KEY });
      notify('billing.plans.changed');
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title={t('billing.plans.changeTitle', { plan: text(plan.name, plan.id) })}
      body={t('billing.plans.changeBody', {
        date: status.subscription ? localDay(status.subscription.currentPeriodEnd) : '',
        excl: money(price.exclVat),
        incl: money(price.inclVat),
      })}
      confirmLabel={t('billing.plans.changeConfirm')}
      onConfirm={() => change.mutate()}
      onCancel={onClose}
      busy={change.isPending}
      error={change.isError ? errorText(errorCodeOf(change.error)) : null}
      testId="billing-change-dialog"
    />
  );
}
