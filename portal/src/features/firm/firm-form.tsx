import { type Firm, HEX_COLOR } from '@saldo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { errorCodeOf } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { useNotify } from '../../components/notifications';
import { useCheckedForm } from '../../components/use-checked-form';
import { hasErrors } from '../auth/validation';
import { type FirmValues, updateOf, validateFirm, valuesOf } from './firm-rules';
import { firmQuery, saveFirm } from './queries';

type ColorField = 'primaryColor' | 'secondaryColor';

/** The profile's fields; read-only to a member who may not change them. */
export function FirmForm({ firm }: { firm: Firm }) {
  const { t } = useTranslation();
  const ids = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useCheckedForm<FirmValues, ReturnType<typeof validateFirm>>(() => valuesOf(firm), validateFirm);
  const save = useMutation({
    mutationFn: (values: FirmValues) => saveFirm(updateOf(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(firmQuery.queryKey, saved);
      notify('firm.saved');
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasErrors(form.check())) save.mutate(form.values);
  };
  const err = (field: keyof FirmValues) => (form.errors[field] ? t(`firm.errors.${form.errors[field]}`) : null);
  const readOnly = !firm.canEdit;
  const text = (field: keyof FirmValues, extra: { type?: string; hint?: string; optional?: boolean } = {}) => (
    <Field
      id={`${ids}-${field}`}
      name={`firm-${field}`}
      label={`${t(`firm.fields.${field}`)}${extra.optional ? ` ${t('common.optional')}` : ''}`}
      type={extra.type ?? 'text'}
      value={form.values[field]}
      onChange={form.set(field)}
      readOnly={readOnly}
      error={err(field)}
      hint={extra.hint ? <p className="field__hint">{extra.hint}</p> : undefined}
      data-testid={`firm-${field}`}
    />
  );
  const color = (field: ColorField) => (
    <div className="firm-color">
      {text(field, { hint: t('firm.colorHint') })}
      <input
        type="color"
        className="firm-color__picker"
        aria-label={t(`firm.fields.${field}`)}
        // A colour picker takes #rrggbb only: while the text is no colour, it shows black.
        value={HEX_COLOR.test(form.values[field].trim()) ? form.values[field].trim().toLowerCase() : '#000000'}
        onChange={(event) => form.setValue(field, event.target.value)}
        disabled={readOnly}
        data-testid={`firm-${field}-picker`}
      />
    </div>
  );

  return (
    <section className="card settings__section" aria-labelledby={`${ids}-title`}>
      <h2 className="card__title" id={`${ids}-title`}>
        {t('firm.profile')}
      </h2>
      <form onSubmit={onSubmit} noValidate data-testid="firm-form">
        {save.isError && <ErrorBanner code={errorCodeOf(save.error)} testId="firm-save-error" />}
        {text('name')}
        {text('orgNumber', { hint: t('firm.orgNumberHint') })}
        <div className="firm-colors">
          {color('primaryColor')}
          {color('secondaryColor')}
        </div>
        {text('senderName', { hint: t('firm.senderNameHint'), optional: true })}
        {text('replyTo', { type: 'email', hint: t('firm.replyToHint'), optional: true })}
        {!readOnly && (
          <SubmitButton busy={save.isPending} data-testid="firm-save">
            {t('common.save')}
          </SubmitButton>
        )}
      </form>
    </section>
  );
}
