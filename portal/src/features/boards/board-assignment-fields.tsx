import type { Board } from '@saldo/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../profile/queries';
import { membersQuery, tagMembersQuery } from '../team/queries';

export interface Assignment {
  /** As typed: comma-separated. */
  tags: string;
  responsibleUserId: string;
}

export const assignmentOf = (board: Board): Assignment => ({
  tags: board.tags.join(', '),
  responsibleUserId: board.responsible?.id ?? '',
});

/** A board's tags and its responsible accountant (the owner, a member of the board or of one of its tags), in its settings. */
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
  const tagMembers = useQuery({ ...tagMembersQuery, enabled: board.role === 'owner' });
  const people = [
    ...(profile.data
      ? [{ id: profile.data._id, name: `${profile.data.firstName} ${profile.data.lastName}`.trim() }]
      : []),
    ...(members.data ?? [])
      .filter((m) => m.boards.some((b) => b._id === board._id))
      .map((m) => ({ id: m.userId, name: `${m.firstName} ${m.lastName}`.trim() || m.email })),
  ];
  // A colleague with a role on one of the board's tags may be responsible too (only its owner lists those).
  for (const grant of tagMembers.data ?? [])
    if (board.tags.includes(grant.tag) && !people.some((p) => p.id === grant.userId))
      people.push({ id: grant.userId, name: grant.name || grant.email });
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
