import type { NavIcon } from './nav-items';

const PATHS: Record<NavIcon, string> = {
  dashboard: 'M3 3h6v8H3zM11 3h6v5h-6zM11 10h6v7h-6zM3 13h6v4H3z',
  cashflow: 'M3 14l4-4 3 3 7-7M13 6h4v4',
  profit: 'M4 16V9m4 7V5m4 11v-5m4 5V7',
  balance: 'M10 3v14M5 17h10M4 7h12M4 7l-2 5h4zM16 7l-2 5h4z',
  boards: 'M3 4h14v4H3zM3 10h6v6H3zM11 10h6v6h-6z',
  user: 'M10 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3.5 17a6.5 6.5 0 0 1 13 0',
  settings:
    'M10 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm6.5 3a6.5 6.5 0 0 0-.1-1.1l1.6-1.2-1.5-2.6-1.9.7a6.5 6.5 0 0 0-1.9-1.1L12.4 2h-3l-.3 1.7a6.5 6.5 0 0 0-1.9 1.1l-1.9-.7-1.5 2.6 1.6 1.2a6.5 6.5 0 0 0 0 2.2l-1.6 1.2 1.5 2.6 1.9-.7a6.5 6.5 0 0 0 1.9 1.1l.3 1.7h3l.3-1.7a6.5 6.5 0 0 0 1.9-1.1l1.9.7 1.5-2.6-1.6-1.2c.1-.4.1-.7.1-1.1z',
};

export function Icon({
  name,
}: {
  name: NavIcon | 'chevron' | 'sync' | 'share' | 'check' | 'logout' | 'user' | 'card';
}) {
  const extra: Record<string, string> = {
    chevron: 'M6 8l4 4 4-4',
    sync: 'M16 10a6 6 0 0 1-10.5 4M4 10a6 6 0 0 1 10.5-4M14.5 2.5V6H11M5.5 17.5V14H9',
    share:
      'M14 7a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM6 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM14 18a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM8.2 11.2l3.6 2.1M11.8 5.7L8.2 7.8',
    check: 'M4 10.5l4 4 8-9',
    logout: 'M8 4H4v12h4M12 6l4 4-4 4M16 10H8',
    card: 'M2.5 5h15v10h-15zM2.5 8.5h15M5.5 12h3',
  };
  const d = name in PATHS ? PATHS[name as NavIcon] : extra[name];
  return (
    <svg className="icon" viewBox="0 0 20 20" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}
