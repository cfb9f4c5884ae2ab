import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/page';
import { useCurrentBoard } from './use-current-board';

/**
 * A page of one board under /group/{boardId}/… (its embed keys, its audit trail): the title, the
 * board's name under it and the way back to all boards. `children` gets the board's id.
 */
export function BoardSubPage({
  testId,
  title,
  children,
}: {
  testId: string;
  title: string;
  children: (boardId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const { boardId = '' } = useParams();
  const { boards } = useCurrentBoard();
  return (
    <Page
      testId={testId}
      title={title}
      subtitle={boards.find((b) => b._id === boardId)?.name ?? ''}
      actions={
        <Link to="/group" className="button button--secondary">
          {t('embed.back')}
        </Link>
      }
    >
      {children(boardId)}
    </Page>
  );
}
