import { useTranslation } from 'react-i18next';
import './brand-mark.css';

export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`brand ${inverted ? 'brand--inverted' : ''}`}>
      <svg className="brand__logo" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="brand__tile" />
        <path d="M9 21h3v-6H9zm5.5 0h3V11h-3zM20 21h3v-9h-3z" className="brand__bars" />
      </svg>
      <span className="brand__name">{t('app.name')}</span>
    </span>
  );
}
