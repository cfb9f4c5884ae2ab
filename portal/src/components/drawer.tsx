import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from './use-focus-trap';
import './drawer.css';

interface DrawerProps {
  /** The heading; the dialog is named by it. */
  title: ReactNode;
  /** The dialog's test id. */
  testId: string;
  onClose: () => void;
  /** The close button's name for screen readers (default: "Close"). */
  closeLabel?: string;
  closeTestId?: string;
  /** More classes on the panel (its own look). */
  className?: string;
  /**
   * 'side': a narrow panel at the right edge, the page beside it left as it is (the widget catalogue, the
   * assistant); the focus starts on its first control, not on the close button.
   * 'overlay': a wide panel over a dimmed page, portalled to <body>, closed by a press beside it too (the
   * drill-down); the focus starts on its first control, the close button.
   */
  kind?: 'side' | 'overlay';
  /** Overlay only: a small line above the title, and whatever goes under it (test ids of their own). */
  eyebrow?: ReactNode;
  meta?: ReactNode;
  titleTestId?: string;
  /** The title's element id, when the content names something after it too (a scrolling region). */
  titleId?: string;
  children: ReactNode;
}

/**
 * A drawer: a dialog at the right edge holding the keyboard until it closes (Escape too), then handing the
 * focus back to what opened it (WCAG 2.4.3 and the ARIA dialog pattern), with a title and a close button.
 */
export function Drawer({
  title,
  testId,
  onClose,
  closeLabel,
  closeTestId,
  className,
  kind = 'side',
  eyebrow,
  meta,
  titleTestId,
  titleId: givenTitleId,
  children,
}: DrawerProps) {
  const { t } = useTranslation();
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;
  const panel = useRef<HTMLElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const overlay = kind === 'overlay';
  useFocusTrap(panel, true, overlay ? { onEscape: onClose } : { onEscape: onClose, skip: '.modal__close' });

  useEffect(() => {
    // A press on the dimmed page beside the panel closes it, as in the modals.
    const el = backdrop.current;
    const onPress = (event: MouseEvent) => {
      if (event.target === el) onClose();
    };
    el?.addEventListener('mousedown', onPress);
    return () => el?.removeEventListener('mousedown', onPress);
  }, [onClose]);

  const close = (
    <button
      type="button"
      className="modal__close"
      aria-label={closeLabel ?? t('common.close')}
      onClick={onClose}
      data-testid={closeTestId}
    >
      ×
    </button>
  );
  const base = overlay ? 'drawer__panel' : 'side-drawer';
  const panelElement = (
    <aside
      ref={panel}
      className={className ? `${base} ${className}` : base}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      {overlay ? (
        <header className="drawer__header">
          <div>
            {eyebrow !== undefined && <p className="drawer__eyebrow">{eyebrow}</p>}
            <h2 id={titleId} className="drawer__title" data-testid={titleTestId}>
              {title}
            </h2>
            {meta}
          </div>
          {close}
        </header>
      ) : (
        <header className="side-drawer__header">
          <h2 id={titleId} data-testid={titleTestId}>
            {title}
          </h2>
          {close}
        </header>
      )}
      {children}
    </aside>
  );
  if (!overlay) return panelElement;
  return createPortal(
    <div className="drawer" ref={backdrop}>
      {panelElement}
    </div>,
    document.body,
  );
}
