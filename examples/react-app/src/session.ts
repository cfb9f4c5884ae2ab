// The partner's own session with Saldo: log in, keep the token pair, renew it when the SDK asks.

export interface Board {
  _id: string;
  name: string;
}

let token: string | null = null;
let refreshToken: string | null = null;

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (init.body) headers.set('content-type', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  const res = await fetch(path, { ...init, headers });
  const body = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok || body === null) throw new Error(body?.message ?? `HTTP ${res.status}`);
  return body;
}

export function getToken(): string | null {
  return token;
}

export async function login(email: string, password: string): Promise<void> {
  const pair = await api<{ jwtToken: string; refreshToken: string }>('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  token = pair.jwtToken;
  refreshToken = pair.refreshToken;
}

/** For `configure({ refresh })`: the SDK calls it once after a 401, and retries when it resolves true. */
export async function refresh(): Promise<boolean> {
  if (!refreshToken) return false;
  try {
    const pair = await api<{ jwtToken: string; refreshToken: string }>('/api/auth/refresh-token', {
      method: 'POST',
      body: JSON.stringify({ refreshToken }),
    });
    token = pair.jwtToken;
    refreshToken = pair.refreshToken;
    return true;
  } catch {
    return false;
  }
}

export async function fetchBoards(): Promise<Board[]> {
  return api<Board[]>('/api/group-account');
}
