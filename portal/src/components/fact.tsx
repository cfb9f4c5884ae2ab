import type { ReactNode } from 'react';

/** One term of a description list (`<dl>`) and its value. */
export function Fact({
  label,
  children,
  className,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  /** The value's class. */
  className?: string;
  /** The value's test id. */
  testId?: string;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
