import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { useFocusTrap } from './use-focus-trap';
import './modal.css';

interface ModalProps {
  title: string;
  /** Undefined while the dialog must not be dismissed (e.g. during an upload). */
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  /** wide: room for the welcome video at its height of 400. */
  size?: 'small' | 'medium' | 'wide';
}

/**
 * A centred dialog over a dimmed page. Portalled to <body>: the top bar's backdrop-filter would
 * otherwise become the containing block of a fixed overlay opened from it.
 */
export function Modal({ title, onClose, children, footer, testId, size = 'medium' }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // Focus starts on the first field (or button) and stays inside until the dialog closes; Escape closes.
  useFocusTrap(panel, true, { onEscape: () => closeRef.current?.(), skip: '.modal__close' });

  useEffect(() => {
    // A press on the dimmed area outside the panel closes, like Escape.
    const backdrop = overlay.current;
    const onPress = (event: MouseEvent) => {
      if (event.target === backdrop) closeRef.current?.();
    };
    backdrop?.addEventListener('mousedown', onPress);
    return () => backdrop?.removeEventListener('mousedown', onPress);
  }, []);

  return createPortal(
    <div className="modal" ref={overlay}>
      <div
        ref={panel}
        className={`modal__panel modal__panel--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <header className="modal__header">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          {onClose && (
            <button type="button" className="modal__close" aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

interface ConfirmProps {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  danger?: boolean;
  testId?: string;
  /** A server error to show above the buttons. */
  error?: string | null;
}

/** The spec's confirm dialog: 'Cancel' and a confirming action ('Delete', 'Sync', …). */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
  danger,
  testId,
  error,
}: ConfirmProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title}
      onClose={busy ? undefined : onCancel}
      testId={testId}
      size="small"
      footer={
        <>
          <Button kind="secondary" onClick={onCancel} disabled={busy} data-testid="confirm-cancel">
            {t('common.cancel')}
          </Button>
          <button
            type="button"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            onClick={onConfirm}
            disabled={busy}
            data-testid="confirm-ok"
          >
            {busy && <span className="spinner" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </>
      }
    >
      {error && (
        <div className="banner banner--error" role="alert">
          {error}
        </div>
      )}
      <div className="modal__text">{body}</div>
    </Modal>
  );
}

/** A labelled progress bar (0..100). */
export function ProgressBar({ value, label, testId }: { value: number; label: string; testId?: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      data-testid={testId}
    >
      {/* Done is full at once: the easing would otherwise show "100 %" beside a bar still growing. */}
      <span className={`progress__fill ${pct >= 100 ? 'progress__fill--full' : ''}`} style={{ width: `${pct}%` }} />
    </div>
  );
}
