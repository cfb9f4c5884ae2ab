import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * A small button that copies `text` to the clipboard and then says "Copied". Without clipboard permission
 * nothing happens: the text beside it stays selectable.
 */
export function CopyButton({ text, children, testId }: { text: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard permission: the text stays selectable.
    }
  };
  return (
    <Button kind="secondary" small onClick={copy} data-testid={testId}>
      {copied ? t('share.copied') : children}
    </Button>
  );
}
