import { useTranslation } from 'react-i18next';
import { Field } from './form-field';
import type { FieldState } from './password-fields';

interface PairedField {
  /** The input's id is `<ids>-<ending>`. */
  ending: string;
  name: string;
  /** The label's translation key. */
  label: string;
  autoComplete: string;
  type?: string;
}

const NAME: readonly PairedField[] = [
  { ending: 'first', name: 'firstName', label: 'register.firstName', autoComplete: 'given-name' },
  { ending: 'last', name: 'lastName', label: 'register.lastName', autoComplete: 'family-name' },
];
const COMPANY: readonly PairedField[] = [
  { ending: 'company', name: 'companyName', label: 'register.companyName', autoComplete: 'organization' },
  { ending: 'phone', name: 'phoneNumber', type: 'tel', label: 'register.phoneNumber', autoComplete: 'tel' },
];

interface FieldPairProps {
  ids: string;
  fields: readonly PairedField[];
  states: [FieldState, FieldState];
  /** The text of a label's key. */
  label: (key: string) => string;
}

/** Two fields side by side. */
function FieldPair({ ids, fields, states, label }: FieldPairProps) {
  return (
    <div className="form-grid">
      {fields.map(({ ending, label: key, ...field }, index) => (
        <Field key={field.name} id={`${ids}-${ending}`} label={label(key)} {...field} {...states[index]!} />
      ))}
    </div>
  );
}

/** A person's first and last name, side by side (`<ids>-first`, `<ids>-last`). */
export function NameFields({ ids, first, last }: { ids: string; first: FieldState; last: FieldState }) {
  const { t } = useTranslation();
  return <FieldPair ids={ids} fields={NAME} states={[first, last]} label={(key) => t(key)} />;
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
  return <FieldPair ids={ids} fields={COMPANY} states={[company, phone]} label={label} />;
}
