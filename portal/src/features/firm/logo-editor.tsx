import type { Firm } from '@saldo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { PictureControls } from '../../components/picture-controls';
import { useObjectUrl, usePictureUpload } from '../../components/use-picture-upload';
import { checkLogoFile, LOGO_ACCEPT } from './firm-rules';
import { deleteFirmLogo, firmLogoQuery, firmQuery, uploadFirmLogo } from './queries';

/** The firm's logo: the stored one, or a chosen file's preview before it is uploaded; and removing it. */
export function LogoEditor({ firm }: { firm: Firm }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const picture = usePictureUpload(checkLogoFile, uploadFirmLogo, deleteFirmLogo, firmQuery.queryKey, 'firm.logo');
  const { inputId, preview, errorCode } = picture;
  const stored = useQuery({ ...firmLogoQuery(firm.logo?.updatedAt ?? ''), enabled: !!firm.logo });
  const storedUrl = useObjectUrl(firm.logo ? stored.data : null);
  const shown = preview ?? storedUrl;

  return (
    <section className="card settings__section" aria-labelledby={`${inputId}-title`} data-testid="firm-logo">
      <h2 className="card__title" id={`${inputId}-title`}>
        {t('firm.logo.title')}
      </h2>
      <div className="firm-logo">
        <div className="firm-logo__frame" data-testid="firm-logo-frame">
          {shown ? (
            <img src={shown} alt={t('firm.logo.alt', { name: firm.name })} data-testid="firm-logo-preview" />
          ) : firm.logo && stored.isPending ? (
            <span className="spinner spinner--dark" role="status" aria-label={t('app.loading')} />
          ) : (
            <span className="muted">{t('firm.logo.none')}</span>
          )}
        </div>
        <div className="firm-logo__body">
          <p className="field__hint">{t('firm.logo.hint')}</p>
          {!firm.configured && firm.canEdit && <p className="field__hint">{t('firm.logo.saveFirst')}</p>}
          {stored.isError && (
            <p className="field__error" role="alert">
              {errorText(errorCodeOf(stored.error))}
            </p>
          )}
          {errorCode && (
            <p className="field__error" role="alert" data-testid="firm-logo-error">
              {errorText(errorCode)}
            </p>
          )}
          {firm.canEdit && (
            <PictureControls
              picture={picture}
              accept={LOGO_ACCEPT}
              testId="firm-logo"
              stored={!!firm.logo}
              disabled={!firm.configured}
            />
          )}
        </div>
      </div>
    </section>
  );
}
