import type { Board } from '@saldo/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../profile/queries';
import { membersQuery } from '../team/queries';

export interface Assignment {
  /** As typed: comma-separated. */
  tags: string;
  responsibleUserId: string;
}

export const assignmentOf = (board: Board): Assignment => ({
  tags: board.tags.join(', '),
  responsibleUserId: board.responsible?.id ?? '',
});

/** A board's tags and its responsible accountant (the owner or one of the board's members), in its settings. */
export function BoardAssignmentFields({
  board,
  value,
  onChange,
}: {
  board: Board;
  value: Assignment;
  onChange: (value: Assignment) => void;
}) {
  const { t } = useTranslation();
  const tagsId = useId();
  const responsibleId = useId();
  const profile = useQuery(profileQuery);
  const members = useQuery(membersQuery);
  const people = [
    ...(profile.data
      ? [{ id: profile.data._id, name: `${profile.data.firstName} ${profile.data.lastName}`.trim() }]
      : []),
    ...(members.data ?? [])
      .filter((m) => m.boards.some((b) => b._id === board._id))
      .map((m) => ({ id: m.userId, name: `${m.firstName} ${m.lastName}`.trim() || m.email })),
  ];
  if (board.responsible && !people.some((p) => p.id === board.responsible!.id)) people.push(board.responsible);
  return (
    <>
      <div className="field">
        <label htmlFor={tagsId}>{t('boards.tags')}</label>
        <input
          id={tagsId}
          value={value.tags}
          maxLength={20 * 42}
          placeholder={t('boards.tagsHint')}
          onChange={(e) => onChange({ ...value, tags: e.target.value })}
          data-testid="board-tags"
        />
      </div>
      <div className="field">
        <label htmlFor={responsibleId}>{t('boards.responsible')}</label>
        <select
          id={responsibleId}
          className="select"
          value={value.responsibleUserId}
          onChange={(e) => onChange({ ...value, responsibleUserId: e.target.value })}
          data-testid="board-responsible"
        >
          <option value="">{t('boards.noResponsible')}</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
