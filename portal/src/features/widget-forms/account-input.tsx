import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { type AccountEntryError, type AccountRules, addAccount, shouldSearch } from './account-entry';
import { accountSearchQuery } from './queries';
import './widget-forms.css';

interface AccountInputProps {
  id: string;
  /** Names the slot: `account-entry-<name>` is the test id of the whole entry. */
  name: string;
  label: string;
  boardId: string;
  chips: string[];
  onChange: (chips: string[]) => void;
  rules: AccountRules;
  hint?: ReactNode;
  /** A form-level error for the slot (e.g. nothing entered), already translated. */
  error?: string | null;
}

const SEARCH_DEBOUNCE_MS = 200;

/**
 * Accounts entered one at a time as chips: Enter or Add takes the typed value when it passes the
 * spec's rule and is not there already; two or more typed characters also search the board's chart of
 * accounts by number or name, and a result adds its number.
 */
export function AccountInput({ id, name, label, boardId, chips, onChange, rules, hint, error }: AccountInputProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [entryError, setEntryError] = useState<AccountEntryError | null>(null);
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const searching = shouldSearch(query) && shouldSearch(text);
  const results = useQuery({ ...accountSearchQuery(boardId, query), enabled: searching });
  const english = i18n.language === 'en';

  const add = (raw: string) => {
    const next = addAccount(raw, chips, rules);
    setEntryError(next.error === 'empty' ? null : next.error);
    if (next.error) return;
    onChange(next.chips);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds an account; it never submits the form.
    event.preventDefault();
    add(text);
  };

  const message = entryError
    ? t(`widgetForms.accountError.${entryError === 'invalid' && !rules.patterns ? 'invalidNumber' : entryError}`, {
        account: text.trim(),
        max: rules.max,
      })
    : (error ?? null);
  const errorId = `${id}-error`;

  return (
    <div className={`field account-entry ${message ? 'field--invalid' : ''}`} data-testid={`account-entry-${name}`}>
      <label htmlFor={id}>{label}</label>
      {chips.length > 0 && (
        <ul className="account-entry__chips" aria-label={label}>
          {chips.map((chip) => (
            <li key={chip} className="account-chip" data-testid="account-chip" data-account={chip}>
              <span>{chip}</span>
              <button
                type="button"
                className="account-chip__remove"
                aria-label={t('widgetForms.removeAccount', { account: chip })}
                onClick={() => {
                  onChange(chips.filter((c) => c !== chip));
                  setEntryError(null);
                }}
                data-testid="account-chip-remove"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="account-entry__row">
        <input
          id={id}
          name={name}
          type="text"
          autoComplete="off"
          value={text}
          placeholder={t(rules.patterns ? 'widgetForms.accountPlaceholder' : 'widgetForms.numberPlaceholder')}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setEntryError(null);
          }}
          onKeyDown={onKeyDown}
          data-testid="account-input"
        />
        <Button kind="secondary" onClick={() => add(text)} data-testid="account-add">
          {t('widgetForms.addAccount')}
        </Button>
      </div>
      {hint}
      {message && (
        <p className="field__error" id={errorId} role="alert" data-testid="account-error">
          {message}
        </p>
      )}
      {searching && (
        <div className="account-search" data-testid="account-search">
          {results.isPending ? (
            <p className="account-search__status">{t('app.loading')}</p>
          ) : results.isError ? (
            <p className="account-search__status">{t('widgetForms.searchFailed')}</p>
          ) : results.data.length === 0 ? (
            <p className="account-search__status" data-testid="account-search-empty">
              {t('widgetForms.noAccounts')}
            </p>
          ) : (
            <ul className="account-search__list">
              {results.data.map((account) => {
                const number = String(account.number);
                const taken = chips.includes(number);
                return (
                  <li key={number}>
                    <button
                      type="button"
                      className="account-search__item"
                      disabled={taken}
                      onClick={() => add(number)}
                      data-testid="account-search-result"
                      data-account={number}
                    >
                      <span className="account-search__number">{number}</span>
                      <span>{english ? (account.nameEn ?? account.name) : account.name}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
