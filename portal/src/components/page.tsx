import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  /** The line under the title; none when null or undefined (an empty string still gives the line). */
  subtitle?: ReactNode;
  /** Further lines under the subtitle, as they are. */
  note?: ReactNode;
  /** Above the title (a link back). */
  before?: ReactNode;
  /** Beside the title: the page's actions, its period control. */
  actions?: ReactNode;
}

/** A page's heading: its title, a subtitle, and what the page offers beside them. */
export function PageHeader({ title, subtitle, note, before, actions }: PageHeaderProps) {
  return (
    <header className="page__header">
      <div>
        {before}
        <h1 className="page__title">{title}</h1>
        {subtitle !== undefined && subtitle !== null && subtitle !== false && (
          <p className="page__subtitle">{subtitle}</p>
        )}
        {note}
      </div>
      {actions}
    </header>
  );
}

interface PageProps extends PageHeaderProps {
  testId: string;
  /** More classes beside `page`. */
  className?: string;
  children: ReactNode;
}

/** A portal page: its heading, then its content. */
export function Page({ testId, className, children, ...header }: PageProps) {
  return (
    <div className={className ? `page ${className}` : 'page'} data-testid={testId}>
      <PageHeader {...header} />
      {children}
    </div>
  );
}
