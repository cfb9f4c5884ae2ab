import { useTranslation } from 'react-i18next';
import { Field } from './form-field';
import type { FieldState } from './password-fields';

/** A person's first and last name, side by side (`<ids>-first`, `<ids>-last`). */
export function NameFields({ ids, first, last }: { ids: string; first: FieldState; last: FieldState }) {
  const { t } = useTranslation();
  return (
    <div className="form-grid">
      <Field
        id={`${ids}-first`}
        name="firstName"
        label={t('register.firstName')}
        autoComplete="given-name"
        {...first}
      />
      <Field id={`${ids}-last`} name="lastName" label={t('register.lastName')} autoComplete="family-name" {...last} />
    </div>
  );
}

interface CompanyFieldsProps {
  ids: string;
  company: FieldState;
  phone: FieldState;
  /** Both may be left empty: the labels say so (on sign-up). */
  optional?: boolean;
}

/** The company's name and a phone number, side by side (`<ids>-company`, `<ids>-phone`). */
export function CompanyFields({ ids, company, phone, optional = false }: CompanyFieldsProps) {
  const { t } = useTranslation();
  const label = (key: string) => (optional ? `${t(key)} ${t('common.optional')}` : t(key));
  return (
    <div className="form-grid">
      <Field
        id={`${ids}-company`}
        name="companyName"
        label={label('register.companyName')}
        autoComplete="organization"
        {...company}
      />
      <Field
        id={`${ids}-phone`}
        name="phoneNumber"
        type="tel"
        label={label('register.phoneNumber')}
        autoComplete="tel"
        {...phone}
      />
    </div>
  );
}
