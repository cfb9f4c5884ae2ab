import { type CSSProperties, type RefObject, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

const GAP = 4;

/**
 * A board row's ⋮ menu (edit, delete), rendered into document.body. Inside the dropdown the scrolling
 * board list would cut it off, and the top bar's backdrop-filter makes the bar the containing block of
 * anything `position: fixed` within it, so window coordinates would be off there.
 */
export function BoardRowMenu({
  anchor,
  menuRef,
  onEdit,
  onDelete,
  onClose,
}: {
  /** The ⋮ button it belongs to. */
  anchor: HTMLElement;
  menuRef: RefObject<HTMLDivElement | null>;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [at, setAt] = useState<CSSProperties>({ top: 0, left: 0, visibility: 'hidden' });

  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const button = anchor.getBoundingClientRect();
    const { width, height } = menu.getBoundingClientRect();
    const { clientWidth, clientHeight } = document.documentElement;
    // Below the button with right edges aligned; above it when the window has no room below.
    const below = button.bottom + GAP;
    const top = below + height <= clientHeight - GAP ? below : Math.max(GAP, button.top - GAP - height);
    const left = Math.max(GAP, Math.min(button.right - width, clientWidth - width - GAP));
    setAt({ top, left });
  }, [anchor, menuRef]);

  useLayoutEffect(() => {
    // The list (or the page) scrolls under a menu fixed to the window: close it rather than leave it
    // beside another row. Only a scroll that moves the ⋮ button counts: a widget's own card scrolling
    // as its data arrives elsewhere on the page must not shut the menu the user just opened.
    // Measured, not guessed from the scroll's target: the page scrolls (its height settling as widgets
    // answer) while the button sits still in the fixed top bar, and that must not close the menu either.
    const opened = anchor.getBoundingClientRect();
    const onScroll = () => {
      const now = anchor.getBoundingClientRect();
      if (now.top !== opened.top || now.left !== opened.left) onClose();
    };
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onClose);
    return () => {
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onClose);
    };
  }, [anchor, onClose]);

  return createPortal(
    <div ref={menuRef} className="mini-menu" role="menu" style={at} data-testid="board-menu">
      <button type="button" role="menuitem" onClick={onEdit} data-testid="board-edit">
        {t('boards.edit')}
      </button>
      <button type="button" role="menuitem" className="mini-menu__danger" onClick={onDelete} data-testid="board-delete">
        {t('boards.delete')}
      </button>
    </div>,
    document.body,
  );
}
