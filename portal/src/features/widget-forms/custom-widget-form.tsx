import type { CustomWidget, FigureId } from '@saldo/contract';
import { figureIds, figureLabel } from '@saldo/contract/kpis/figures';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { FormModal } from '../../components/form-modal';
import { RadioChoices } from '../../components/radio-choices';
import { toLanguage } from '../../lib/i18n';
import {
  type CustomFormErrors,
  type CustomFormValues,
  customFormValues,
  customWidgetBody,
  RANGE_MAX_CHIPS,
} from './account-entry';
import { AccountInput } from './account-input';
import { createCustomWidget, updateCustomWidget } from './queries';
import './widget-forms.css';

interface CustomWidgetFormProps {
  boardId: string;
  /** The widget being edited; null to make a new one. */
  widget: CustomWidget | null;
  onClose: () => void;
  /** Called with the saved widget once the server accepted it. */
  onSaved: (widget: CustomWidget, created: boolean) => void | Promise<void>;
}

const RULES = { patterns: true, max: RANGE_MAX_CHIPS } as const;

/** Make or change a custom widget: a name, an account range or a ratio (dividend / divisor), and a view. */
export function CustomWidgetForm({ boardId, widget, onClose, onSaved }: CustomWidgetFormProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const errorText = useErrorText();
  const ids = useId();
  const [values, setValues] = useState<CustomFormValues>(() => customFormValues(widget));
  const [errors, setErrors] = useState<CustomFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof CustomFormValues>(key: K, value: CustomFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = customWidgetBody(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      const saved = widget
        ? await updateCustomWidget(boardId, widget._id, result.body)
        : await createCustomWidget(boardId, result.body);
      await onSaved(saved, !widget);
    } catch (error) {
      setServerError(errorText(errorCodeOf(error)));
      setBusy(false);
    }
  };

  const hint = <p className="field__hint">{t('widgetForms.rangeHint')}</p>;
  const required = (key: keyof CustomFormErrors) => (errors[key] ? t('widgetForms.accountsRequired') : null);

  return (
    <FormModal
      title={t(widget ? 'widgetForms.editCustomTitle' : 'widgetForms.newCustomTitle')}
      testId="custom-widget"
      busy={busy}
      submitLabel={t(widget ? 'common.save' : 'widgetForms.create')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      serverError={serverError}
    >
      <Field
        id={`${ids}-name`}
        name="name"
        label={t('widgetForms.name')}
        value={values.name}
        maxLength={100}
        onChange={(event) => set('name', event.target.value)}
        error={errors.name ? t('widgetForms.nameRequired') : null}
        data-testid="custom-widget-name"
      />
      <fieldset className="widget-form__group">
        <legend>{t('widgetForms.type')}</legend>
        <div className="radio-group" role="radiogroup">
          <RadioChoices
            name="type"
            options={['accountRange', 'ratio'] as const}
            chosen={values.type}
            onChoose={(type) => set('type', type)}
            testId="custom-widget-type"
            label={(type) => <span>{t(`widgetForms.types.${type}`)}</span>}
          />
        </div>
      </fieldset>
      {values.type === 'accountRange' ? (
        <AccountInput
          id={`${ids}-range`}
          name="range"
          label={t('widgetForms.range')}
          boardId={boardId}
          chips={values.range}
          onChange={(chips) => set('range', chips)}
          rules={RULES}
          hint={hint}
          error={required('range')}
        />
      ) : (
        (['dividend', 'divisor'] as const).map((slot) => {
          const lineKey = slot === 'dividend' ? 'dividendLine' : 'divisorLine';
          return (
            <fieldset key={slot} className="widget-form__group" data-testid={`custom-widget-${slot}`}>
              <legend>{t(`widgetForms.${slot}`)}</legend>
              <select
                className="select"
                aria-label={`${t(`widgetForms.${slot}`)}: ${t('widgetForms.operandKind')}`}
                value={values[lineKey]}
                onChange={(event) => {
                  set(lineKey, event.target.value as FigureId | '');
                  setErrors((e) => ({ ...e, [slot]: undefined }));
                }}
                data-testid={`custom-widget-${slot}-line`}
              >
                <option value="">{t('widgetForms.operandAccounts')}</option>
                {figureIds.map((figure) => (
                  <option key={figure} value={figure}>
                    {`${t('widgetForms.operandLine')}: ${figureLabel(figure, lang)}`}
                  </option>
                ))}
              </select>
              {values[lineKey] === '' && (
                <AccountInput
                  id={`${ids}-${slot}`}
                  name={slot}
                  label={t('widgetForms.operandAccounts')}
                  boardId={boardId}
                  chips={values[slot]}
                  onChange={(chips) => set(slot, chips)}
                  rules={RULES}
                  hint={slot === 'dividend' ? hint : undefined}
                  error={required(slot)}
                />
              )}
            </fieldset>
          );
        })
      )}
      <div className="field">
        <label htmlFor={`${ids}-view`}>{t('widgets.view')}</label>
        <select
          id={`${ids}-view`}
          className="select"
          value={values.view}
          onChange={(event) => set('view', event.target.value === 'comparison' ? 'comparison' : 'single')}
          data-testid="custom-widget-view"
        >
          <option value="single">{t('widgets.viewSingle')}</option>
          <option value="comparison">{t('widgets.viewComparison')}</option>
        </select>
      </div>
    </FormModal>
  );
}
