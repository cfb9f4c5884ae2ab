import type { BillingOwner } from '@saldo/contract';
import { useTranslation } from 'react-i18next';

/**
 * The billing page of a member of boards others own, who owns no board or source (issue 27): they pay
 * nothing, so they see who pays (the owners, whose plans count) and whether those boards can be changed
 * now, and no prices, no trial and no plans to buy.
 */
export function MemberBilling({ owners }: { owners: BillingOwner[] }) {
  const { t } = useTranslation();
  return (
    <section className="card card__body billing__member" data-testid="billing-member">
      <h2 className="card__title">{t('billing.member.title')}</h2>
      <p>{t('billing.member.body')}</p>
      <ul className="billing__owners">
        {owners.map((owner) => (
          <li key={owner.email} data-testid="billing-owner" data-read-only={owner.readOnly ? 'true' : undefined}>
            <strong>{owner.name}</strong> <span className="muted">{owner.email}</span>
            <p
              className={
                owner.readOnly ? 'billing__owner-note billing__owner-note--warning' : 'billing__owner-note muted'
              }
            >
              {owner.readOnly
                ? t('billing.member.ownerReadOnly', { name: owner.name })
                : t('billing.member.ownerActive', { name: owner.name })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
