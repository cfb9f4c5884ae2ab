import type { Page } from '@playwright/test';

/**
 * What the clipping check looks for on a page (the document and every open shadow root):
 * - text whose element's content is wider than its box ("1 60" for 1 607 059: an ellipsis, a fixed
 *   width, a flex item that will not shrink its text), the element not being a scroll container;
 * - text that reaches outside an ancestor hiding its overflow (hidden or clip);
 * - text partly under a sticky cell of its own row (a month cut mid-digit beside the pinned total);
 * - an open popover, dropdown, menu or dialog outside the window, or wider inside than its box
 *   (a share panel whose buttons are off to the right).
 * - a figure cut by the edge of a scroll box (a list whose amounts run past its card);
 * Text wholly scrolled out of a scroll box is fine: it is reachable by scrolling.
 */
export interface Clip {
  kind: 'content-wider' | 'hidden-overflow' | 'scroll-edge' | 'under-sticky' | 'panel-outside' | 'panel-wider';
  where: string;
  text: string;
  detail: string;
}

/** Runs in the page: every clipped text and every panel that does not fit, as `Clip`s. */
export async function findClips(page: Page): Promise<Clip[]> {
  return page.evaluate(() => {
    const clips: Array<{ kind: string; where: string; text: string; detail: string }> = [];
    const SKIP = new Set(['SCRIPT', 'STYLE', 'TITLE', 'OPTION', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'SELECT']);
    const roots: Array<Document | ShadowRoot> = [document];
    for (let i = 0; i < roots.length; i++) {
      for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    }
    const parentOf = (el: Element): Element | null =>
      el.parentElement ?? ((el.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
    const describe = (el: Element): string => {
      const parts: string[] = [];
      let cur: Element | null = el;
      for (let depth = 0; cur && depth < 4; depth++, cur = parentOf(cur)) {
        const id = cur.getAttribute('data-testid');
        const part = cur.getAttribute('part');
        const cls = typeof cur.className === 'string' ? cur.className.trim().split(/\s+/)[0] : '';
        parts.unshift(
          `${cur.localName}${id ? `[data-testid=${id}]` : ''}${part ? `[part=${part}]` : ''}${cls ? `.${cls}` : ''}`,
        );
        if (cur.localName.startsWith('saldo-') || id) break;
      }
      return parts.join(' > ');
    };
    const hiddenByStyle = (el: Element): boolean => {
      for (let cur: Element | null = el; cur; cur = parentOf(cur)) {
        const style = getComputedStyle(cur);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return true;
        // Screen-reader-only text (clipped to a pixel on purpose).
        if (
          style.position === 'absolute' &&
          (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)')
        )
          return true;
        if (cur.getBoundingClientRect().width <= 1 && style.overflow === 'hidden') return true;
      }
      return false;
    };
    const textRect = (el: Element): DOMRect | null => {
      const range = document.createRange();
      let rect: DOMRect | null = null;
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        rect = rect
          ? new DOMRect(
              Math.min(rect.left, r.left),
              Math.min(rect.top, r.top),
              Math.max(rect.right, r.right) - Math.min(rect.left, r.left),
              Math.max(rect.bottom, r.bottom) - Math.min(rect.top, r.top),
            )
          : r;
      }
      return rect;
    };
    const ownText = (el: Element) =>
      [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();

    for (const root of roots) {
      for (const el of root.querySelectorAll('*')) {
        if (SKIP.has(el.tagName) || el.closest('svg')) continue;
        const text = ownText(el);
        if (!text) continue;
        const rect = textRect(el);
        if (!rect || rect.width === 0) continue;
        if (hiddenByStyle(el)) continue;
        const style = getComputedStyle(el);
        const scrolls = /(auto|scroll)/.test(style.overflowX);
        const where = describe(el);
        const short = text.slice(0, 40);
        // 1. Its content is wider than its box (only a block-level box has a width of its own).
        if (!scrolls && style.display !== 'inline' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
          clips.push({
            kind: 'content-wider',
            where,
            text: short,
            detail: `content ${el.scrollWidth} px in a ${el.clientWidth} px box`,
          });
          continue;
        }
        // 2. and 3. Ancestors that hide overflow, and sticky cells of its own row.
        let under: Element | null = null;
        // The part of the text inside its scroll box (what scrolling has not carried out of view).
        let view = { left: rect.left, right: rect.right };
        for (let cur = parentOf(el); cur; cur = parentOf(cur)) {
          const s = getComputedStyle(cur);
          const box = cur.getBoundingClientRect();
          const hidesX = /(hidden|clip)/.test(s.overflowX);
          const hidesY = /(hidden|clip)/.test(s.overflowY);
          const scrollsX = /(auto|scroll)/.test(s.overflowX);
          const scrollsY = /(auto|scroll)/.test(s.overflowY);
          if (
            (hidesX && (rect.left < box.left - 1 || rect.right > box.right + 1)) ||
            (hidesY && (rect.top < box.top - 2 || rect.bottom > box.bottom + 2))
          ) {
            // Fully outside is a closed or folded part (a collapsed sidebar); partly outside is cut.
            const outside =
              rect.right <= box.left || rect.left >= box.right || rect.bottom <= box.top || rect.top >= box.bottom;
            if (!outside) {
              clips.push({
                kind: 'hidden-overflow',
                where,
                text: short,
                detail: `text ${Math.round(rect.left)}–${Math.round(rect.right)} × ${Math.round(rect.top)}–${Math.round(rect.bottom)} in ${describe(cur)} ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)}`,
              });
            }
            break;
          }
          if (scrollsX || scrollsY) {
            // A scroll box may hide text wholly (reachable by scrolling), never cut it at its edge ("1 60").
            const inner = {
              left: box.left + cur.clientLeft,
              right: box.left + cur.clientLeft + cur.clientWidth,
            };
            // Labels may run past a scroll box's edge (scrolling shows the rest); a figure may not: "1 60"
            // reads as another number. The part left in view may sit under a sticky cell (scrolled under it).
            const figure = /^[-−+]?\d{1,3}([\s\u00a0]\d{3})*([.,]\d+)?\s*%?$/.test(text);
            const partly =
              figure &&
              scrollsX &&
              rect.left < inner.right - 1 &&
              rect.right > inner.left + 1 &&
              (rect.left < inner.left - 1 || rect.right > inner.right + 1);
            // What is left in view may lie under a sticky cell of its row (the line names): then it is scrolled away.
            const seen = { left: Math.max(rect.left, inner.left), right: Math.min(rect.right, inner.right) };
            const row = el.closest('tr');
            const covered =
              !!row &&
              [...row.children].some((other) => {
                if (other.contains(el) || getComputedStyle(other).position !== 'sticky') return false;
                const o = other.getBoundingClientRect();
                return o.left <= seen.left + 1 && o.right >= seen.right - 1;
              });
            view = seen;
            if (partly && !covered)
              clips.push({
                kind: 'scroll-edge',
                where,
                text: short,
                detail: `text ${Math.round(rect.left)}–${Math.round(rect.right)} cut by the edge of ${describe(cur)} ${Math.round(inner.left)}–${Math.round(inner.right)}`,
              });
            break;
          }
          if (cur.localName === 'tr' && !under) under = cur;
        }
        if (!under || getComputedStyle(el).position === 'sticky' || el.closest('.sticky, [class*="sticky"]')) continue;
        let cell: Element | null = el;
        while (cell && cell.localName !== 'td' && cell.localName !== 'th') cell = parentOf(cell);
        if (!cell || getComputedStyle(cell).position === 'sticky') continue;
        // A month scrolled partly out of the box's edge and the rest under the line names is wholly out of
        // view; only text partly in view and partly under a sticky cell is cut.
        const inView = view.right - view.left;
        if (inView <= 0.5) continue;
        // Sticky cells side by side (a pinned total and the pinned column beside it) cover a text
        // together: it is cut when they cover part of it, not when it lies wholly under the two.
        let overlap = 0;
        let by: Element | null = null;
        for (const other of under.children) {
          if (other === cell || getComputedStyle(other).position !== 'sticky') continue;
          const o = other.getBoundingClientRect();
          const part = Math.min(view.right, o.right) - Math.max(view.left, o.left);
          if (part > 0.5) {
            overlap += part;
            by ??= other;
          }
        }
        if (by && overlap < inView - 0.5)
          clips.push({
            kind: 'under-sticky',
            where,
            text: short,
            detail: `${Math.round(overlap)} of ${Math.round(rect.width)} px under the sticky ${describe(by)}`,
          });
      }
    }

    // Open panels: dialogs, menus, listboxes, popovers and the product's own panels.
    const PANELS =
      'dialog[open], [role="dialog"], [role="menu"], [role="listbox"], [popover], [data-testid$="-panel"], [data-testid$="-picker"], .dropdown__panel, .mini-menu';
    for (const root of roots) {
      for (const panel of root.querySelectorAll(PANELS)) {
        const r = panel.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || hiddenByStyle(panel)) continue;
        const where = describe(panel);
        if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1) {
          clips.push({
            kind: 'panel-outside',
            where,
            text: '',
            detail: `${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${Math.round(r.bottom)} in a ${innerWidth}×${innerHeight} window`,
          });
        }
        if (panel.scrollWidth > panel.clientWidth + 1) {
          clips.push({
            kind: 'panel-wider',
            where,
            text: '',
            detail: `content ${panel.scrollWidth} px in a ${panel.clientWidth} px panel`,
          });
        }
      }
    }
    return clips as Clip[];
  });
}

/** One line per clip, the same clip found twice (a list's ten rows) counted once. */
export function report(label: string, clips: Clip[]): string[] {
  const seen = new Map<string, number>();
  for (const c of clips) {
    const key = `${label}: ${c.kind} ${c.where}${c.text ? ` "${c.text}"` : ''}: ${c.detail}`;
    const short = `${label}: ${c.kind} ${c.where}`;
    if ([...seen.keys()].some((k) => k.startsWith(short))) {
      seen.set(
        [...seen.keys()].find((k) => k.startsWith(short))!,
        (seen.get([...seen.keys()].find((k) => k.startsWith(short))!) ?? 1) + 1,
      );
      continue;
    }
    seen.set(key, 1);
  }
  return [...seen].map(([line, n]) => (n > 1 ? `${line} (+${n - 1} more alike)` : line));
}
