import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { useErrorText } from './error-text';
import './notifications.css';

/** How long a notification stays up (spec: 3 seconds). */
export const NOTIFICATION_MS = 3000;
/** How long a notification with an action (Undo) stays up: long enough to read it and reach the button. */
export const ACTION_NOTIFICATION_MS = 8000;

export type NotificationKind = 'success' | 'error' | 'info';

interface Notification {
  id: number;
  kind: NotificationKind;
  /** An i18n key, translated at render time so a language switch also changes a visible notification. */
  messageKey: string;
  /** Set for a server error: the text comes from the shared error map instead of `messageKey`. */
  errorCode?: string;
  action?: NotificationAction;
}

/** A button in the notification (Undo). `onExpire` runs when it goes without the button pressed. */
export interface NotificationAction {
  labelKey: string;
  run: () => void;
  onExpire?: () => void;
}

type Notify = (messageKey: string, kind?: NotificationKind, errorCode?: string, action?: NotificationAction) => void;

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

  const notify = useCallback<Notify>((messageKey, kind = 'success', errorCode, action) => {
    const id = nextId.current++;
    setItems((list) => [
      ...list,
      { id, kind, messageKey, ...(errorCode ? { errorCode } : {}), ...(action ? { action } : {}) },
    ]);
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
  // Paused while the pointer or the keyboard is on it, so nobody loses the Undo button mid-reach (WCAG 2.2.1).
  const [held, setHeld] = useState(false);
  const action = item.action;
  // Gone without its button pressed (timed out or closed): the action's time is over.
  const expire = useCallback(() => {
    onDismiss(item.id);
    action?.onExpire?.();
  }, [item.id, onDismiss, action]);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(expire, action ? ACTION_NOTIFICATION_MS : NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [expire, held, action]);

  return (
    <div
      className={`notification notification--${item.kind}`}
      role="status"
      data-testid="notification"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span className="notification__icon" aria-hidden="true">
        {item.kind === 'success' ? '✓' : item.kind === 'error' ? '!' : 'i'}
      </span>
      <span className="notification__text">{item.errorCode ? errorText(item.errorCode) : t(item.messageKey)}</span>
      {action && (
        <Button
          kind="secondary"
          small
          onClick={() => {
            onDismiss(item.id);
            action.run();
          }}
          data-testid="notification-action"
        >
          {t(action.labelKey)}
        </Button>
      )}
      <button type="button" className="notification__close" aria-label={t('notifications.dismiss')} onClick={expire}>
        ×
      </button>
    </div>
  );
}
