/**
 * The dashboard's widget data, asked for at navigation instead of after the board's layout.
 *
 * The SDK's elements build their own requests, and only once the dashboard's code has loaded, the board
 * list (the layout) has come back and the period is known: three waits, one after another, before the
 * first figure.
 * The portal hands the SDK this fetch (its `configure({ fetch })`), which remembers the GETs the
 * dashboard's elements made, per board and address. On the next start-up the route loader asks for the
 * same URLs at once, beside the board list, and an element asking for one of them gets that answer
 * instead of a new request. Only the guess of which URLs is remembered, never an answer: every answer
 * is fetched at this start-up. A guess that no longer fits (a widget removed, a new month booked) only
 * costs a request nobody reads; the elements still ask for what they need.
 */

import { getUser } from './auth-storage';

/** How long a prefetched answer waits for its element; a later ask fetches anew, so nothing stale is shown. */
export const PREFETCH_TTL_MS = 20_000;
/** Bounds on what is kept in localStorage: URLs per board and address, and how many of those. */
const MAX_URLS = 100;
const MAX_PLACES = 8;
const STORAGE_KEY = 'dashboardStartup';

/** The pages whose element requests are remembered: the dashboard's two addresses. */
const DASHBOARD_PATHS: ReadonlySet<string> = new Set(['/', '/dashboard']);

type Fetch = typeof fetch;

export interface StartupDeps {
  fetch: Fetch;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The page's address when an element asks: which page, and the dashboard's parameters. */
  location: () => { pathname: string; search: string };
  now: () => number;
  /** Who is signed in: an answer asked for one user is never shown to another (a logout and a login). */
  user: () => string | null;
}

/** Board and address parameters (sorted, so their order in the address does not matter). */
export function placeKey(board: string, search: string): string {
  const params = new URLSearchParams(search);
  params.sort();
  const rest = params.toString();
  return rest ? `${board}?${rest}` : board;
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  const headers = init?.headers;
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  if (Array.isArray(headers)) return headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? null;
  return (headers as Record<string, string>)[name] ?? null;
}

export function createStartupRequests(deps: StartupDeps) {
  const waiting = new Map<string, { answer: Promise<Response>; at: number; user: string | null }>();
  // Places whose remembered list this page view has started again (a removed widget drops out of it).
  let view = 0;
  const started = new Map<string, number>();

  const readAll = (): Record<string, string[]> => {
    try {
      const parsed: unknown = JSON.parse(deps.storage?.getItem(STORAGE_KEY) ?? '{}');
      if (typeof parsed !== 'object' || parsed === null) return {};
      // Whatever else an older or a damaged entry holds is dropped.
      return Object.fromEntries(
        Object.entries(parsed).filter(
          (entry): entry is [string, string[]] =>
            Array.isArray(entry[1]) && entry[1].every((url) => typeof url === 'string'),
        ),
      );
    } catch {
      return {};
    }
  };

  const writePlace = (place: string, urls: string[]) => {
    const all = readAll();
    delete all[place];
    // Most recent last; the oldest places go first.
    const entries = [...Object.entries(all), [place, urls] as const].slice(-MAX_PLACES);
    try {
      deps.storage?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
    } catch {
      // A full or blocked storage only means no prefetch next time.
    }
  };

  const record = (url: string, board: string) => {
    const { pathname, search } = deps.location();
    if (!DASHBOARD_PATHS.has(pathname)) return;
    const place = placeKey(board, search);
    // The first request of this view replaces the list; the ones after it join it.
    const urls = started.get(place) === view ? (readAll()[place] ?? []) : [];
    started.set(place, view);
    if (!urls.includes(url) && urls.length < MAX_URLS) writePlace(place, [...urls, url]);
  };

  /** The SDK's fetch: a waiting prefetched answer for this URL, else the network; dashboard GETs are remembered. */
  const sdkFetch: Fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const board = headerOf(init, 'x-board-id');
    if ((init?.method ?? 'GET') !== 'GET' || !board) return deps.fetch(input, init);
    record(url, board);
    const key = `${board} ${url}`;
    const entry = waiting.get(key);
    waiting.delete(key);
    if (entry && deps.now() - entry.at <= PREFETCH_TTL_MS && entry.user === deps.user())
      // Asked again, with the element's token: a prefetch that failed on the way, or one sent with a token
      // that had expired (the element's is the renewed one, or it renews it as after any 401).
      return entry.answer.then(
        (answer) => (answer.status === 401 ? deps.fetch(input, init) : answer),
        () => deps.fetch(input, init),
      );
    return deps.fetch(input, init);
  };

  /**
   * A dashboard start-up: asks at once for the URLs the board's elements asked for last time at this
   * address, with the SDK's headers, and starts remembering this view's requests afresh.
   * Returns the URLs remembered (one still waiting from a start-up just before is not asked twice).
   */
  const prefetch = (board: string, search: string, token: string): string[] => {
    view += 1;
    const urls = readAll()[placeKey(board, search)] ?? [];
    const at = deps.now();
    const user = deps.user();
    for (const [key, entry] of waiting) if (at - entry.at > PREFETCH_TTL_MS) waiting.delete(key);
    for (const url of urls) {
      const key = `${board} ${url}`;
      if (waiting.has(key)) continue;
      const answer = deps.fetch(url, {
        headers: { accept: 'application/json', 'x-board-id': board, authorization: `Bearer ${token}` },
      });
      // Nobody may read an answer; its failure is the element's to see, if it asks.
      answer.catch(() => undefined);
      waiting.set(key, { answer, at, user });
    }
    return urls;
  };

  return { fetch: sdkFetch, prefetch };
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The page's one instance, shared by the SDK's configuration and the dashboard's route loader. */
export const startupRequests = createStartupRequests({
  // Called detached: window.fetch throws "Illegal invocation" when called as a method of another object.
  fetch: (input, init) => globalThis.fetch(input, init),
  storage: browserStorage(),
  location: () => ({ pathname: window.location.pathname, search: window.location.search }),
  now: () => Date.now(),
  user: () => getUser()?.id ?? null,
});
