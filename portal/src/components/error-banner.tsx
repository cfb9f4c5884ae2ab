import { useErrorText } from './error-text';

/** A server error code's text in a banner that screen readers announce, in the UI language. */
export function ErrorBanner({ code, testId }: { code: string; testId?: string }) {
  const errorText = useErrorText();
  return (
    <div className="banner banner--error" role="alert" data-testid={testId}>
      {errorText(code)}
    </div>
  );
}
