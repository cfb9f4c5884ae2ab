import type { ImportWarning } from '@saldo/contract';
import { importWarningText } from '@saldo/contract/sources/import-warnings';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../lib/i18n';

/** What a sync told about its source, in the UI language (the codes' texts are the server's, nor and en). */
export function ImportWarnings({ warnings, testId }: { warnings: readonly ImportWarning[]; testId?: string }) {
  const { i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  if (warnings.length === 0) return null;
  return (
    <ul className="account__warnings" {...(testId ? { 'data-testid': testId } : {})}>
      {warnings.map((warning, i) => (
        <li
          // The list is fixed once a sync is done: its order is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          className="banner banner--warning"
          data-testid="api-account-warning"
          data-code={warning.code}
        >
          {importWarningText(warning, lang)}
        </li>
      ))}
    </ul>
  );
}
