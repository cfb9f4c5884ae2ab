import { useTranslation } from 'react-i18next';
import { useCurrentBoard } from '../boards/use-current-board';

/**
 * The sources page of a member of boards others own (issue 27): the sources of those boards, by board
 * and owner, to read. Adding, changing or removing a source is its owner's, so nothing here offers it.
 */
export function MemberSources() {
  const { t } = useTranslation();
  const { boards } = useCurrentBoard();
  const shared = boards.filter((board) => board.sharedBy);
  return (
    <section className="card card__body member-sources" data-testid="member-sources">
      <h2 className="card__title">{t('memberSources.title')}</h2>
      <p className="muted">{t('memberSources.body')}</p>
      <ul className="member-sources__boards">
        {shared.map((board) => (
          <li key={board._id} data-testid="member-sources-board">
            <p className="member-sources__board">
              <strong>{board.name}</strong>{' '}
              <span className="muted">
                {t('memberSources.owner', { name: board.sharedBy?.name })} · {t(`team.roles.${board.role}`)}
              </span>
            </p>
            {board.apiAccounts.length === 0 ? (
              <p className="muted">{t('memberSources.none')}</p>
            ) : (
              <ul className="member-sources__list">
                {board.apiAccounts.map((source) => (
                  <li key={source._id} data-testid="member-source">
                    {source.name} <span className="chip">{t(`dashboard.sourceType.${source.provider}`)}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
