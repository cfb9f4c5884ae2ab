import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';

/** The boards could not be read: the pages that show a board (dashboard, reports) say so and offer to retry. */
export function BoardsFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      art="chart"
      title={t('dashboard.boardsFailedTitle')}
      action={
        <Button kind="secondary" onClick={onRetry}>
          {t('dashboard.retry')}
        </Button>
      }
    />
  );
}
