import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface BoardSearchProps {
  value: string;
  onChange: (value: string) => void;
  testId: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** The boards' search field, in the board menu and on the boards page. */
export function BoardSearch({ value, onChange, testId, inputRef }: BoardSearchProps) {
  const { t } = useTranslation();
  return (
    <input
      ref={inputRef}
      type="search"
      className="board-panel__search"
      placeholder={t('boards.search')}
      aria-label={t('boards.search')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  );
}
