import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { errorCodeOf, useErrorText } from './error-text';

/** The part of a query's result (TanStack Query's `useQuery`) that decides what a screen shows. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** "Loading…" with a spinner, announced politely (role status). */
export function LoadingBlock({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className ? `${className} loading-block` : 'loading-block'} role="status">
      <span className="spinner spinner--dark" aria-hidden="true" />
      {t('app.loading')}
    </div>
  );
}

/** An error in a red banner, announced at once (role alert). */
export function ErrorBanner({ testId, children }: { testId?: string | undefined; children: ReactNode }) {
  return (
    <div className="banner banner--error" role="alert" data-testid={testId}>
      {children}
    </div>
  );
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** While loading: the spinner block (the default), a muted line of text, or a node of its own. */
  loading?: 'block' | 'text' | ReactNode;
  /**
   * A failed query: the server's error text in a banner (the default), this text in the banner instead,
   * or, as a function, a node of its own.
   */
  error?: ReactNode | ((error: unknown) => ReactNode);
  errorTestId?: string;
  /** Offer 'Try again' under the banner, in a box of this class (and test id). */
  retry?: { className: string; testId?: string };
  /** When the answer counts as empty: by default an empty list. */
  isEmpty?: (data: T) => boolean;
  /** What shows for an empty answer: a node of its own, or `emptyText` in a muted line. */
  empty?: ReactNode;
  emptyText?: ReactNode;
  emptyTestId?: string;
  /** The muted line's class: 'muted' unless said. */
  emptyClassName?: string;
  children: (data: T) => ReactNode;
}

/**
 * The states every screen of server data goes through, in one place: loading, failed, empty, and the data.
 * A state not given (no empty state) falls through to the next.
 */
export function QueryState<T>({
  query,
  loading = 'block',
  error,
  errorTestId,
  retry,
  isEmpty = isEmptyList,
  empty,
  emptyText,
  emptyTestId,
  emptyClassName = 'muted',
  children,
}: QueryStateProps<T>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (query.isPending) {
    if (loading === 'block') return <LoadingBlock />;
    if (loading === 'text') return <p className="muted">{t('app.loading')}</p>;
    return <>{loading}</>;
  }
  if (query.isError || query.data === undefined) {
    if (typeof error === 'function') return <>{error(query.error)}</>;
    const banner = <ErrorBanner testId={errorTestId}>{error ?? errorText(errorCodeOf(query.error))}</ErrorBanner>;
    if (!retry) return banner;
    return (
      <div className={retry.className} data-testid={retry.testId}>
        {banner}
        <Button kind="secondary" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  const data = query.data;
  if ((empty !== undefined || emptyText !== undefined) && isEmpty(data)) {
    if (empty !== undefined) return <>{empty}</>;
    return (
      <p className={emptyClassName} data-testid={emptyTestId}>
        {emptyText}
      </p>
    );
  }
  return <>{children(data)}</>;
}
