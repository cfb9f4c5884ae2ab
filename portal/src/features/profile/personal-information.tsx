import type { Profile } from '@saldo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { errorCodeOf } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { useNotify } from '../../components/notifications';
import { CompanyFields, NameFields } from '../../components/person-fields';
import { type FormErrors, hasErrors, type PersonalInfoValues, validatePersonalInfo } from '../auth/validation';
import { profileQuery, updateProfile } from './queries';
import './profile.css';
import { AvatarEditor } from './avatar-editor';

/** Names, company and phone (the e-mail is read-only), with the avatar editor on top. */
export function PersonalInformation({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const ids = useId();
  const initial: PersonalInfoValues = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    companyName: profile.companyName ?? '',
    phoneNumber: profile.phoneNumber ?? '',
  };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<keyof PersonalInfoValues>>({});
  const mutation = useMutation({
    mutationFn: (next: PersonalInfoValues) =>
      updateProfile({
        firstName: next.firstName.trim(),
        lastName: next.lastName.trim(),
        companyName: next.companyName.trim() || null,
        phoneNumber: next.phoneNumber.trim() || null,
      }),
    onSuccess: (updated) => {
      // The shell copies the new names into the stored user, so the top bar follows.
      queryClient.setQueryData(profileQuery.queryKey, updated);
      notify('profile.personal.saved');
    },
  });

  const set = (field: keyof PersonalInfoValues) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePersonalInfo(values);
    setErrors(found);
    if (!hasErrors(found)) mutation.mutate(values);
  };
  const err = (field: keyof PersonalInfoValues) => (errors[field] ? t(`validation.${errors[field]}`) : null);

  return (
    <section className="card settings__section" id="personal-information" aria-labelledby={`${ids}-title`}>
      <h2 className="card__title" id={`${ids}-title`}>
        {t('profile.personal.title')}
      </h2>
      <AvatarEditor profile={profile} />
      <form onSubmit={onSubmit} noValidate data-testid="personal-information-form">
        {mutation.isError && <ErrorBanner code={errorCodeOf(mutation.error)} />}
        <NameFields
          ids={ids}
          first={{ value: values.firstName, onChange: set('firstName'), error: err('firstName') }}
          last={{ value: values.lastName, onChange: set('lastName'), error: err('lastName') }}
        />
        <Field
          id={`${ids}-email`}
          name="email"
          type="email"
          label={t('register.email')}
          value={profile.email}
          readOnly
          error={null}
          hint={<p className="field__hint">{t('profile.personal.emailReadOnly')}</p>}
        />
        <CompanyFields
          ids={ids}
          company={{ value: values.companyName, onChange: set('companyName'), error: err('companyName') }}
          phone={{ value: values.phoneNumber, onChange: set('phoneNumber'), error: err('phoneNumber') }}
        />
        <SubmitButton busy={mutation.isPending}>{t('common.save')}</SubmitButton>
      </form>
    </section>
  );
}
