import type { Board, MemberRole } from '@saldo/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal';
import '../share/share-panel.css';
import './team.css';

export const ROLES: readonly MemberRole[] = ['Viewer', 'Editor', 'Admin'];

/** The boards a user may invite to and manage members of: their own, and those they are Admin of. */
export const managedBoards = (boards: readonly Board[]) =>
  boards.filter((b) => b.role === 'owner' || b.role === 'Admin');

export interface MemberFormValues {
  email: string;
  role: MemberRole;
  groupIds: string[];
}

/**
 * The invite dialog, and a member's role-and-boards dialog (`fixedEmail`): an address, a role with what
 * it may do, and the boards it gives (at least one).
 */
export function MemberFormModal({
  boards,
  initial,
  fixedEmail,
  serverError,
  onSubmit,
  ...modal
}: {
  title: string;
  submitLabel: string;
  boards: readonly Board[];
  initial: MemberFormValues;
  fixedEmail?: boolean;
  busy: boolean;
  serverError: string | null;
  onSubmit: (values: MemberFormValues) => void;
  onClose: () => void;
  testId: string;
}) {
  const { testId } = modal;
  const { t } = useTranslation();
  const ids = useId();
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) return setProblem(t('validation.emailInvalid'));
    if (values.groupIds.length === 0) return setProblem(t('team.boardsRequired'));
    setProblem(null);
    onSubmit({ ...values, email: values.email.trim() });
  };

  return (
    // The dialog's title, test ids, busy state, labels and closing are the caller's.
    <FormModal {...modal} onSubmit={submit} serverError={problem ?? serverError}>
      <div className="field">
        <label htmlFor={`${ids}-email`}>{t('team.email')}</label>
        <input
          id={`${ids}-email`}
          type="email"
          value={values.email}
          readOnly={fixedEmail}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
          data-testid={`${testId}-email`}
        />
      </div>
      <fieldset className="share-panel__group team-roles">
        <legend>{t('team.role')}</legend>
        {ROLES.map((role) => (
          <label key={role} className="share-panel__check">
            <input
              type="radio"
              name={`${ids}-role`}
              checked={values.role === role}
              onChange={() => setValues({ ...values, role })}
              data-testid={`${testId}-role-${role}`}
            />
            <span>
              <strong>{t(`team.roles.${role}`)}</strong> – {t(`team.roleRights.${role}`)}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="share-panel__group">
        <legend>{t('team.boards')}</legend>
        {boards.map((board) => (
          <label key={board._id} className="share-panel__check">
            <input
              type="checkbox"
              checked={values.groupIds.includes(board._id)}
              onChange={() =>
                setValues({
                  ...values,
                  groupIds: values.groupIds.includes(board._id)
                    ? values.groupIds.filter((id) => id !== board._id)
                    : [...values.groupIds, board._id],
                })
              }
              data-testid={`${testId}-board`}
              data-board-name={board.name}
            />
            {board.name}
          </label>
        ))}
      </fieldset>
    </FormModal>
  );
}
