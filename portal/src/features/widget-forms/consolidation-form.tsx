import type { Board, Consolidation } from '@saldo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { FormModal } from '../../components/form-modal';
import { Modal } from '../../components/modal';
import { enoughApis } from './account-entry';
import { AccountInput } from './account-input';
import { consolidationKey, consolidationQuery, saveConsolidation } from './queries';
import './widget-forms.css';

interface ConsolidationFormProps {
  board: Board;
  onClose: () => void;
  /** Called once the group is saved; `created` when it did not exist before. */
  onSaved: (group: Consolidation, created: boolean) => void | Promise<void>;
}

/** Consolidation deductions are real accounts: digits only, as many as needed. */
const DEDUCT_RULES = { patterns: false, max: 200 } as const;

/**
 * The board's consolidation group: at least 2 of its APIs, and the intercompany accounts whose
 * amounts are deducted. Opens filled in when the board already has a group.
 */
export function ConsolidationForm({ board, onClose, onSaved }: ConsolidationFormProps) {
  const { t } = useTranslation();
  const existing = useQuery(consolidationQuery(board._id));
  if (existing.isPending) {
    return (
      <Modal title={t('widgetForms.consolidationTitle')} onClose={onClose} testId="consolidation-modal">
        <p role="status">{t('app.loading')}</p>
      </Modal>
    );
  }
  return (
    <ConsolidationFields
      board={board}
      group={existing.data ?? null}
      loadError={existing.isError}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function ConsolidationFields({
  board,
  group,
  loadError,
  onClose,
  onSaved,
}: ConsolidationFormProps & { group: Consolidation | null; loadError: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const ids = useId();
  const [name, setName] = useState(group?.name ?? t('widgetForms.consolidationDefaultName'));
  const [apis, setApis] = useState<string[]>(group?.apis ?? []);
  const [deduct, setDeduct] = useState<string[]>((group?.deductAccounts ?? []).map(String));
  const [errors, setErrors] = useState<{ name?: boolean; apis?: boolean }>({});
  const [serverError, setServerError] = useState<string | null>(loadError ? errorText('INTERNAL_ERROR') : null);
  const [busy, setBusy] = useState(false);

  const toggle = (id: string, on: boolean) => {
    setApis((list) => (on ? [...list.filter((a) => a !== id), id] : list.filter((a) => a !== id)));
    setErrors((e) => ({ ...e, apis: false }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { name: !name.trim(), apis: !enoughApis(apis) };
    setErrors(next);
    if (next.name || next.apis) return;
    setBusy(true);
    setServerError(null);
    try {
      const saved = await saveConsolidation(
        board._id,
        { name: name.trim(), apis, deductAccounts: deduct.map(Number) },
        !!group,
      );
      queryClient.setQueryData(consolidationKey(board._id), saved);
      await onSaved(saved, !group);
    } catch (error) {
      setServerError(errorText(errorCodeOf(error)));
      setBusy(false);
    }
  };

  return (
    <FormModal
      title={t(group ? 'widgetForms.editConsolidationTitle' : 'widgetForms.consolidationTitle')}
      testId="consolidation"
      busy={busy}
      submitLabel={t(group ? 'common.save' : 'widgetForms.create')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      serverError={serverError}
    >
      <Field
        id={`${ids}-name`}
        name="consolidation-name"
        label={t('widgetForms.name')}
        value={name}
        maxLength={100}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((e) => ({ ...e, name: false }));
        }}
        error={errors.name ? t('widgetForms.nameRequired') : null}
        data-testid="consolidation-name"
      />
      <fieldset
        className={`widget-form__group ${errors.apis ? 'field--invalid' : ''}`}
        data-testid="consolidation-apis"
        aria-describedby={errors.apis ? `${ids}-apis-error` : undefined}
      >
        <legend>{t('widgetForms.apis')}</legend>
        <p className="field__hint">{t('widgetForms.apisHint')}</p>
        {board.apiAccounts.length === 0 ? (
          <p className="field__hint">{t('widgetForms.noApis')}</p>
        ) : (
          <ul className="widget-form__apis">
            {board.apiAccounts.map((account) => (
              <li key={account._id} className="field--checkbox">
                <label>
                  <input
                    type="checkbox"
                    checked={apis.includes(account._id)}
                    onChange={(event) => toggle(account._id, event.target.checked)}
                    data-testid="consolidation-api"
                    data-api={account._id}
                  />
                  <span>{account.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {errors.apis && (
          <p className="field__error" id={`${ids}-apis-error`} role="alert" data-testid="consolidation-apis-error">
            {t('widgetForms.needTwoApis')}
          </p>
        )}
      </fieldset>
      <AccountInput
        id={`${ids}-deduct`}
        name="deduct"
        label={t('widgetForms.deduct')}
        boardId={board._id}
        chips={deduct}
        onChange={setDeduct}
        rules={DEDUCT_RULES}
        hint={<p className="field__hint">{t('widgetForms.deductHint')}</p>}
      />
    </FormModal>
  );
}
