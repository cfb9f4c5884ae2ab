// What the partner's page needs from its own backend (partner-site/server.mjs): where Saldo is, which
// board, and short-lived embed tokens. The Saldo secret and any user login stay on the partner's side.

export interface SaldoSetup {
  saldoUrl: string;
  board: string;
  elements: string[];
  ready: boolean;
}

export async function fetchSetup(): Promise<SaldoSetup> {
  const res = await fetch('/saldo-config', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as SaldoSetup;
}

/** For `configure({ getToken })`: the SDK asks once for every element, and again before it expires. */
export async function embedToken(): Promise<string | null> {
  const res = await fetch('/saldo-token', { headers: { accept: 'application/json' } });
  if (!res.ok) return null;
  return ((await res.json()) as { token: string }).token;
}
