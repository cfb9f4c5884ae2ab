import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentBoard } from '../boards/use-current-board';
import { DataHealthPanel } from './data-health-panel';
import { badgeOf } from './health-rules';
import { dataHealthQuery } from './queries';

/** The top bar's badge: shown when the current board's sources have warnings; opens the data-health panel. */
export function DataHealthBadge() {
  const { t } = useTranslation();
  const { current } = useCurrentBoard();
  const query = useQuery({ ...dataHealthQuery(current?._id ?? ''), enabled: !!current });
  const [open, setOpen] = useState(false);
  const badge = badgeOf(query.data);
  if (!badge || !query.data) return null;
  const label = t(`dataHealth.badge.${badge.severity}`, { count: badge.count });
  return (
    <>
      <button
        type="button"
        className={`health-badge health-badge--${badge.severity}`}
        data-testid="data-health-badge"
        data-severity={badge.severity}
        title={label}
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">!</span>
        <span className="health-badge__count">{badge.count}</span>
      </button>
      {open && <DataHealthPanel health={query.data} onClose={() => setOpen(false)} />}
    </>
  );
}
