import { useSyncExternalStore } from 'react';

/** Below this width the sidebar is an off-canvas drawer and the top bar is compact (shell.css agrees). */
export const NARROW_QUERY = '(max-width: 899.98px)';
/** Phone width: the dashboard grid is one column (dashboard.css agrees). */
export const PHONE_QUERY = '(max-width: 699.98px)';

/** Whether a media query matches now, following changes (rotating a phone, resizing a window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => {};
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof matchMedia === 'function' ? matchMedia(query).matches : false),
    () => false,
  );
}
