import type { PublicFirm } from '@saldo/contract';
import { useTranslation } from 'react-i18next';
import './firm-mark.css';

/** A firm's logo and name where Saldo's mark would stand (a public link of one of its boards, issue 30). */
export function FirmMark({ firm }: { firm: PublicFirm }) {
  const { t } = useTranslation();
  return (
    <span className="firm-mark" data-testid="public-firm">
      {firm.logoUrl && (
        <span className="firm-mark__tile">
          <img
            className="firm-mark__logo"
            src={firm.logoUrl}
            alt={t('share.public.firmLogo', { name: firm.name })}
            data-testid="public-firm-logo"
          />
        </span>
      )}
      <span className="firm-mark__name" data-testid="public-firm-name">
        {firm.name}
      </span>
    </span>
  );
}
