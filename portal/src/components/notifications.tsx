import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from './error-text';
import './notifications.css';

/** How long a notification stays up (spec: 3 seconds). */
export const NOTIFICATION_MS = 3000;

export type NotificationKind = 'success' | 'error' | 'info';

interface Notification {
  id: number;
  kind: NotificationKind;
  /** An i18n key, translated at render time so a language switch also changes a visible notification. */
  messageKey: string;
  /** Set for a server error: the text comes from the shared error map instead of `messageKey`. */
  errorCode?: string;
}

type Notify = (messageKey: string, kind?: NotificationKind, errorCode?: string) => void;

const NotifyContext = createContext<Notify>(() => {});

export function useNotify(): Notify {
  return useContext(NotifyContext);
}

/** Shows a server error code's text (shared error map, nor/en) as an error notification. */
export function useNotifyError(): (code: string) => void {
  const notify = useContext(NotifyContext);
  return useCallback((code: string) => notify('', 'error', code), [notify]);
}

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Notification[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((item) => item.id !== id)), []);

  const notify = useCallback<Notify>((messageKey, kind = 'success', errorCode) => {
    const id = nextId.current++;
    setItems((list) => [...list, { id, kind, messageKey, ...(errorCode ? { errorCode } : {}) }]);
  }, []);

  const value = useMemo(() => notify, [notify]);

  return (
    <NotifyContext.Provider value={value}>
      {children}
      <div className="notifications" aria-live="polite">
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </div>
    </NotifyContext.Provider>
  );
}

function NotificationItem({ item, onDismiss }: { item: Notification; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(item.id), NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [item.id, onDismiss]);

  return (
    <div className={`notification notification--${item.kind}`} role="status" data-testid="notification">
      <span className="notification__icon" aria-hidden="true">
        {item.kind === 'success' ? '✓' : item.kind === 'error' ? '!' : 'i'}
      </span>
      <span className="notification__text">{item.errorCode ? errorText(item.errorCode) : t(item.messageKey)}</span>
      <button
        type="button"
        className="notification__close"
        aria-label={t('notifications.dismiss')}
        onClick={() => onDismiss(item.id)}
      >
        ×
      </button>
    </div>
  );
}
