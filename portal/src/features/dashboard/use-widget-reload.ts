import { useEffect, useRef } from 'react';
import { useSync } from '../sync/sync-context';

type Reloadable = HTMLElement & { reload?: () => void };

/**
 * Reloading the grid's SDK elements: all of them after a sync (spec §4), or one widget's after its settings
 * changed. Returns the ref to put on the grid's box and the one-widget reload.
 */
export function useWidgetReload() {
  const gridBox = useRef<HTMLDivElement>(null);
  const completions = useSync().view.completions;
  const seen = useRef(completions);
  useEffect(() => {
    if (completions === seen.current) return;
    seen.current = completions;
    for (const el of gridBox.current?.querySelectorAll('[data-saldo-widget]') ?? []) {
      (el as Reloadable).reload?.();
    }
  }, [completions]);

  /** Asks the SDK element of one board widget to fetch its data again (after its settings changed). */
  const reloadWidget = (id: string) => {
    for (const el of gridBox.current?.querySelectorAll(`[gs-id="${CSS.escape(id)}"] [data-saldo-widget]`) ?? []) {
      (el as Reloadable).reload?.();
    }
  };

  return { gridBox, reloadWidget };
}
