import type { LoginResponse, RefreshResponse } from '@saldo/contract';

/** The login response without its tokens: what the portal remembers about the signed-in user. */
export type StoredUser = Omit<LoginResponse, 'jwtToken' | 'refreshToken'>;

/** localStorage keys; names are kept from the original product so existing sessions stay readable. */
export const STORAGE_KEYS = {
  jwtToken: 'jwtToken',
  refreshToken: 'refreshToken',
  user: 'user',
  currentBoard: 'apiGroupName',
  subBoard: 'subBoardId',
  language: 'i18nextLng',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();

// Components read the session through useSyncExternalStore, so every write must notify them.
function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can throw in private modes or sandboxed iframes; treat it as empty.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Nothing sensible to do: the session simply will not survive a reload.
  }
}

export function getToken(): string | null {
  return read(STORAGE_KEYS.jwtToken);
}

export function getRefreshToken(): string | null {
  return read(STORAGE_KEYS.refreshToken);
}

export function setTokens(tokens: RefreshResponse): void {
  write(STORAGE_KEYS.jwtToken, tokens.jwtToken);
  write(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  notify();
}

// Parsing on every render would hand React a new object each time; cache by the raw string.
let cachedRaw: string | null = null;
let cachedUser: StoredUser | null = null;

export function getUser(): StoredUser | null {
  const raw = read(STORAGE_KEYS.user);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cachedUser = isStoredUser(parsed) ? parsed : null;
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

function isStoredUser(value: unknown): value is StoredUser {
  return typeof value === 'object' && value !== null && Array.isArray((value as StoredUser).menu);
}

export function setUser(user: StoredUser): void {
  write(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

/** Stores a fresh login: tokens apart, the rest of the response as the user. */
export function saveLogin(response: LoginResponse): void {
  const { jwtToken, refreshToken, ...user } = response;
  write(STORAGE_KEYS.jwtToken, jwtToken);
  write(STORAGE_KEYS.refreshToken, refreshToken);
  write(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

export function getCurrentBoardId(): string | null {
  return read(STORAGE_KEYS.currentBoard);
}

export function setCurrentBoardId(id: string | null): void {
  write(STORAGE_KEYS.currentBoard, id);
  notify();
}

export function setSubBoardId(id: string | null): void {
  write(STORAGE_KEYS.subBoard, id);
  notify();
}

export function getLanguage(): string | null {
  return read(STORAGE_KEYS.language);
}

export function setLanguage(lang: string): void {
  write(STORAGE_KEYS.language, lang);
}

/**
 * Logout and a failed refresh clear all storage, as the spec asks. The chosen language is put back:
 * it is a preference of the browser, not session data, and a Norwegian login page after an English
 * user's logout would look like a bug.
 */
export function clearAll(): void {
  const language = getLanguage();
  try {
    localStorage.clear();
  } catch {
    // See read().
  }
  if (language) setLanguage(language);
  cachedRaw = null;
  cachedUser = null;
  notify();
}

export function getSubBoardId(): string | null {
  return read(STORAGE_KEYS.subBoard);
}

/** The welcome video shows once per user: remembered here once closed. */
export function hasSeenWelcome(userId: string): boolean {
  return read(`welcomeSeen:${userId}`) === '1';
}

export function markWelcomeSeen(userId: string): void {
  write(`welcomeSeen:${userId}`, '1');
}

/** The KPI columns a user added to the portfolio (a JSON list of KPI ids), kept per user in this browser. */
export function getPortfolioKpis(userId: string): string | null {
  return read(`portfolioKpis:${userId}`);
}

export function setPortfolioKpis(userId: string, ids: readonly string[]): void {
  write(`portfolioKpis:${userId}`, ids.length ? JSON.stringify(ids) : null);
}

/** The dashboard grid's "draggable" toggle (spec: the widget-draggable flag), kept across reloads. */
export function getWidgetsDraggable(): boolean {
  return read('widgetDraggable') !== '0';
}

export function setWidgetsDraggable(value: boolean): void {
  write('widgetDraggable', value ? '1' : '0');
  notify();
}

/** The sidebar folded to its icons on a wide screen, kept across pages and reloads (a browser preference). */
export function getSidebarCollapsed(): boolean {
  return read('sidebarCollapsed') === '1';
}

export function setSidebarCollapsed(value: boolean): void {
  write('sidebarCollapsed', value ? '1' : '0');
  notify();
}

/** The sidebar drawer of a narrow screen left open, kept across pages and reloads like the folded sidebar. */
export function getSidebarDrawerOpen(): boolean {
  return read('sidebarDrawerOpen') === '1';
}

export function setSidebarDrawerOpen(value: boolean): void {
  write('sidebarDrawerOpen', value ? '1' : '0');
  notify();
}
