// Over 400 lines: one page of three settings sections (personal information with the avatar, password, language).
import type { Profile } from '@saldo/server/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Field, StrengthMeter } from '../../components/form-field';
import { useNotify } from '../../components/notifications';
import { UserAvatar } from '../../components/user-avatar';
import { LANGUAGES, type Language, toLanguage } from '../../lib/i18n';
import {
  type ChangePasswordValues,
  type FormErrors,
  hasErrors,
  type PersonalInfoValues,
  validateChangePassword,
  validatePersonalInfo,
} from '../auth/validation';
import { changePassword, deleteAvatar, updateProfile, uploadAvatar } from './api';
import { AVATAR_ACCEPT, checkAvatarFile } from './avatar-file';
import { profileQuery } from './queries';
import { useSetLanguage } from './use-set-language';

/** /profile-settings and /profile-settings/personal-information: one page, three sections. */
export function ProfileSettingsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const profile = useQuery(profileQuery);

  return (
    <div className="page" data-testid="profile-settings">
      <header className="page__header">
        <div>
          <h1 className="page__title">{t('profile.title')}</h1>
          <p className="page__subtitle">{t('profile.subtitle')}</p>
        </div>
      </header>
      <nav className="tabs" aria-label={t('profile.sections')}>
        <a href="#personal-information">{t('profile.personal.title')}</a>
        <a href="#change-password">{t('profile.password.title')}</a>
        <a href="#language">{t('profile.language.title')}</a>
        <Link to="/profile-settings/team" data-testid="team-tab">
          {t('team.title')}
        </Link>
        <Link to="/profile-settings/billing" data-testid="billing-tab">
          {t('billing.tab')}
        </Link>
      </nav>
      {profile.isPending ? (
        <div className="card loading-block">{t('app.loading')}</div>
      ) : profile.isError ? (
        <div className="banner banner--error" role="alert">
          {errorText(errorCodeOf(profile.error))}
        </div>
      ) : (
        <div className="settings">
          <PersonalInformation profile={profile.data} />
          <ChangePassword />
          <LanguageSection />
        </div>
      )}
    </div>
  );
}

function PersonalInformation({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
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
        {mutation.isError && (
          <div className="banner banner--error" role="alert">
            {errorText(errorCodeOf(mutation.error))}
          </div>
        )}
        <div className="form-grid">
          <Field
            id={`${ids}-first`}
            name="firstName"
            label={t('register.firstName')}
            autoComplete="given-name"
            value={values.firstName}
            onChange={set('firstName')}
            error={err('firstName')}
          />
          <Field
            id={`${ids}-last`}
            name="lastName"
            label={t('register.lastName')}
            autoComplete="family-name"
            value={values.lastName}
            onChange={set('lastName')}
            error={err('lastName')}
          />
        </div>
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
        <div className="form-grid">
          <Field
            id={`${ids}-company`}
            name="companyName"
            label={t('register.companyName')}
            autoComplete="organization"
            value={values.companyName}
            onChange={set('companyName')}
            error={err('companyName')}
          />
          <Field
            id={`${ids}-phone`}
            name="phoneNumber"
            type="tel"
            label={t('register.phoneNumber')}
            autoComplete="tel"
            value={values.phoneNumber}
            onChange={set('phoneNumber')}
            error={err('phoneNumber')}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending && <span className="spinner" aria-hidden="true" />}
          {t('common.save')}
        </button>
      </form>
    </section>
  );
}

function AvatarEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);

  // One object URL per chosen file, released when the choice changes or the page goes.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const onSaved = (updated: Profile) => {
    queryClient.setQueryData(profileQuery.queryKey, updated);
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (updated) => {
      onSaved(updated);
      notify('profile.avatar.saved');
    },
    onError: (error) => setErrorCode(errorCodeOf(error)),
  });
  const remove = useMutation({
    mutationFn: deleteAvatar,
    onSuccess: (updated) => {
      onSaved(updated);
      notify('profile.avatar.removed');
    },
    onError: (error) => setErrorCode(errorCodeOf(error)),
  });

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setErrorCode(null);
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    if (problem) {
      setErrorCode(problem);
      setFile(null);
      event.target.value = '';
      return;
    }
    setFile(chosen);
  };

  const fullName = `${profile.firstName} ${profile.lastName}`;
  const busy = upload.isPending || remove.isPending;

  return (
    <div className="avatar-editor" data-testid="avatar-editor">
      <UserAvatar name={fullName} avatar={preview ?? profile.avatar} className="avatar--xl" />
      <div className="avatar-editor__body">
        <p className="avatar-editor__title">{t('profile.avatar.title')}</p>
        <p className="field__hint">{t('profile.avatar.hint')}</p>
        {errorCode && (
          <p className="field__error" role="alert" data-testid="avatar-error">
            {errorText(errorCode)}
          </p>
        )}
        <div className="avatar-editor__actions">
          <input
            ref={inputRef}
            id={inputId}
            className="visually-hidden"
            type="file"
            name="avatar"
            accept={AVATAR_ACCEPT}
            onChange={onChoose}
            data-testid="avatar-input"
          />
          {file ? (
            <>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => upload.mutate(file)}
                data-testid="avatar-upload"
              >
                {upload.isPending && <span className="spinner" aria-hidden="true" />}
                {t('profile.avatar.upload')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => onSaved(profile)}
              >
                {t('common.cancel')}
              </button>
            </>
          ) : (
            <>
              <label htmlFor={inputId} className="button button--secondary">
                {t('profile.avatar.choose')}
              </label>
              {profile.avatar && (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy}
                  onClick={() => remove.mutate()}
                  data-testid="avatar-remove"
                >
                  {t('profile.avatar.remove')}
                </button>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

const EMPTY_PASSWORDS: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

// Server codes that belong next to one field rather than in the banner.
const PASSWORD_FIELD_OF_CODE: Partial<Record<string, keyof ChangePasswordValues>> = {
  INVALID_CURRENT_PASSWORD: 'currentPassword',
  NEW_PASSWORD_TOO_SHORT: 'newPassword',
  PASSWORD_TOO_SHORT: 'newPassword',
  WEAK_PASSWORD: 'newPassword',
};

function ChangePassword() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const ids = useId();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FormErrors<keyof ChangePasswordValues>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverCode, setServerCode] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (next: ChangePasswordValues) => changePassword(next.currentPassword, next.newPassword),
    onSuccess: () => {
      setValues(EMPTY_PASSWORDS);
      setSubmitted(false);
      notify('profile.password.saved');
    },
    onError: (error) => setServerCode(errorCodeOf(error)),
  });

  const set = (field: keyof ChangePasswordValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validateChangePassword(next));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateChangePassword(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setServerCode(null);
    mutation.mutate(values);
  };
  const serverField = serverCode ? PASSWORD_FIELD_OF_CODE[serverCode] : undefined;
  const err = (field: keyof ChangePasswordValues) =>
    errors[field]
      ? t(`validation.${errors[field]}`)
      : serverField === field && serverCode
        ? errorText(serverCode)
        : null;

  return (
    <section className="card settings__section" id="change-password" aria-labelledby={`${ids}-title`}>
      <h2 className="card__title" id={`${ids}-title`}>
        {t('profile.password.title')}
      </h2>
      <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
        {serverCode && !serverField && (
          <div className="banner banner--error" role="alert">
            {errorText(serverCode)}
          </div>
        )}
        <Field
          id={`${ids}-current`}
          name="currentPassword"
          type="password"
          label={t('profile.password.current')}
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={err('currentPassword')}
        />
        <div className="form-grid">
          <Field
            id={`${ids}-new`}
            name="newPassword"
            type="password"
            label={t('profile.password.new')}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
            error={err('newPassword')}
            hint={<StrengthMeter password={values.newPassword} />}
          />
          <Field
            id={`${ids}-confirm`}
            name="confirmPassword"
            type="password"
            label={t('profile.password.confirm')}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={err('confirmPassword')}
          />
        </div>
        <p className="field__hint">{t('password.rules')}</p>
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending && <span className="spinner" aria-hidden="true" />}
          {t('profile.password.submit')}
        </button>
      </form>
    </section>
  );
}

function LanguageSection() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const setLanguage = useSetLanguage();
  const ids = useId();
  // The UI language is the user's choice (i18nextLng); the profile copy follows it when saved.
  const active = toLanguage(i18n.language);
  const choose = async (lang: Language) => {
    if (lang === active) return;
    await setLanguage(lang);
    notify('profile.language.saved');
  };
  return (
    <section className="card settings__section" id="language" aria-labelledby={`${ids}-title`}>
      <h2 className="card__title" id={`${ids}-title`}>
        {t('profile.language.title')}
      </h2>
      <p className="field__hint">{t('profile.language.hint')}</p>
      <div className="radio-group" role="radiogroup" aria-labelledby={`${ids}-title`} data-testid="profile-language">
        {LANGUAGES.map((lang) => (
          <label key={lang} className="radio">
            <input
              type="radio"
              name="language"
              value={lang}
              checked={active === lang}
              onChange={() => void choose(lang)}
              data-testid={`profile-language-${lang}`}
            />
            <span>{t(`profile.language.${lang}`)}</span>
          </label>
        ))}
      </div>
    </section>
  );
}
