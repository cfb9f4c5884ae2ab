import type { ReactNode } from 'react';

/** The pictures an empty state may carry: a chart (nothing to show yet) or a plug (nothing connected). */
const ART = {
  chart: 'M20 52V38m14 14V28m14 24V34m14 18V22m14 30V30',
  plug: 'M26 38h16m12 0h16M42 30v16m12-16v16',
} as const;

interface EmptyStateProps {
  title: ReactNode;
  body?: ReactNode;
  /** A button or link under the text. */
  action?: ReactNode;
  testId?: string | undefined;
  art?: keyof typeof ART | null;
  /** In a card of its own (the default), or bare inside one. */
  card?: boolean;
  /** The heading's level: h2 on a page (the default), h1 where it is the page. */
  heading?: 'h1' | 'h2';
  className?: string;
  /** Above the picture (the brand). */
  before?: ReactNode;
}

/** A screen with nothing to show yet: a quiet picture, a heading, a line of text and what to do about it. */
export function EmptyState({
  title,
  body,
  action,
  testId,
  art = null,
  card = true,
  heading: Heading = 'h2',
  className,
  before,
}: EmptyStateProps) {
  const classes = ['empty-state', card && 'card', className].filter(Boolean).join(' ');
  return (
    <div className={classes} data-testid={testId}>
      {before}
      {art && (
        <svg className="empty-state__art" viewBox="0 0 96 72" aria-hidden="true">
          <rect x="4" y="8" width="88" height="60" rx="10" />
          <path d={ART[art]} />
        </svg>
      )}
      <Heading>{title}</Heading>
      {body !== undefined && body !== null && body !== '' && <p>{body}</p>}
      {action}
    </div>
  );
}
