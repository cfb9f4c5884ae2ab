import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { SettingsTabs } from '../profile/settings-tabs';
import { FirmForm } from './firm-form';
import { LogoEditor } from './logo-editor';
import { firmQuery } from './queries';
import '../profile/profile.css';
import './firm.css';

/**
 * /profile-settings/firm: the firm's name, organisation number, colours, sender and logo, which its
 * mails and public links carry (issue 30). Its members read it; its owner and Admins change it.
 */
export function FirmPage() {
  const { t } = useTranslation();
  const firm = useQuery(firmQuery);
  return (
    <Page testId="firm-page" title={t('firm.title')} subtitle={t('firm.subtitle')}>
      <SettingsTabs current="firm" />
      <QueryState query={firm} errorTestId="firm-error" retry={{ className: 'firm-retry', testId: 'firm-retry' }}>
        {(data) => (
          <div className="settings">
            {!data.canEdit && (
              <p className="banner banner--info" data-testid="firm-read-only">
                {t('firm.readOnly')}
              </p>
            )}
            {/* A new answer (saved elsewhere, a logo) starts the form again from it. */}
            <FirmForm key={data.updatedAt ?? 'new'} firm={data} />
            <LogoEditor firm={data} />
          </div>
        )}
      </QueryState>
    </Page>
  );
}
