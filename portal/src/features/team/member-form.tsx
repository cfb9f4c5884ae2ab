import type { Board, MemberRole } from '@saldo/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Choice } from '../../components/choice';
import { FormModal } from '../../components/form-modal';
import '../share/share-panel.css';
import './team.css';

export const ROLES: readonly MemberRole[] = ['Viewer', 'Editor', 'Admin'];
/** A tag gives these (never Admin: a tag member never shares or invites). */
const TAG_ROLES: readonly MemberRole[] = ['Viewer', 'Editor'];

/** The boards a user may invite to and manage members of: their own, and those they are Admin of. */
export const managedBoards = (boards: readonly Board[]) =>
  boards.filter((b) => b.role === 'owner' || b.role === 'Admin');

export interface MemberFormValues {
  email: string;
  role: MemberRole;
  groupIds: string[];
  /** The invitation is to a role on this tag (every board of the user's with it, now and later), not to boards. */
  tag: string | null;
}

/**
 * The invite dialog, and a member's role-and-boards dialog (`fixedEmail`): an address, a role with what
 * it may do, and the boards it gives (at least one). Given `tags` (the user's own), the invitation may be
 * to a tag instead: the boards give way to the tag, and the roles to those a tag gives.
 */
export function MemberFormModal({
  boards,
  tags = [],
  initial,
  fixedEmail,
  serverError,
  onSubmit,
  ...modal
}: {
  title: string;
  submitLabel: string;
  boards: readonly Board[];
  tags?: readonly string[];
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
    if (values.tag === null && values.groupIds.length === 0) return setProblem(t('team.boardsRequired'));
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
      {tags.length > 0 && (
        <fieldset className="share-panel__group team-target">
          <legend>{t('team.inviteTo')}</legend>
          <label className="share-panel__check">
            <input
              type="radio"
              name={`${ids}-to`}
              checked={values.tag === null}
              onChange={() => setValues({ ...values, tag: null })}
              data-testid={`${testId}-to-boards`}
            />
            {t('team.boards')}
          </label>
          <label className="share-panel__check">
            <input
              type="radio"
              name={`${ids}-to`}
              checked={values.tag !== null}
              onChange={() =>
                setValues({ ...values, tag: tags[0]!, role: values.role === 'Admin' ? 'Editor' : values.role })
              }
              data-testid={`${testId}-to-tag`}
            />
            {t('team.tagRoles.tag')}
          </label>
        </fieldset>
      )}
      <fieldset className="share-panel__group team-roles">
        <legend>{t('team.role')}</legend>
        {(values.tag === null ? ROLES : TAG_ROLES).map((role) => (
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
      {values.tag !== null ? (
        <div className="team-target__tag">
          <Choice
            label={t('team.tagRoles.tag')}
            value={values.tag}
            options={tags.map((tag) => [tag, tag] as const)}
            onChange={(tag) => setValues({ ...values, tag })}
            testId={`${testId}-tag`}
          />
          <p className="muted small">{t('team.tagInviteHint')}</p>
        </div>
      ) : (
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
      )}
    </FormModal>
  );
}
