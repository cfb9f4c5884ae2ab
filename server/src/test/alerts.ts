import { expect } from 'vitest';
import { evaluateAfterSync } from '../features/alerts/after-sync.ts';
import { boardThroughApi, ledgerOf, type SignedIn } from './ledger-boards.ts';

// A board with an open alert, as the alert digest's tests (features/alerts, features/firm) need one.

/** A company whose June 2025 is a loss of 50 000 kr. */
export const lossLedger = () => {
  const line = (accountNumber: number, amount: number) =>
    ({ kind: 'posting', date: '2025-06-15', voucher: 'V1', accountNumber, amount }) as const;
  return ledgerOf([line(3000, -10_000_000), line(6300, 15_000_000), line(1920, -5_000_000)]);
};

/** "Tapet AS", a board of the loss above with a rule "result below 0" on it, evaluated: one open alert. */
export async function lossBoardAlerted(app: SignedIn): Promise<{ boardId: string; sourceId: string }> {
  const boardId = await boardThroughApi(app, 'Tapet AS', lossLedger());
  const board = await app.t.request(`/api/group-account/${boardId}`, { token: app.token });
  const sourceId = (await board.json()).apis[0] as string;
  const rule = await app.t.request('/api/alerts', {
    method: 'POST',
    token: app.token,
    body: JSON.stringify({
      name: 'Underskudd',
      metric: 'result',
      comparison: 'below',
      threshold: 0,
      scope: { kind: 'board', groupId: boardId },
    }),
  });
  expect(rule.status).toBe(201);
  await evaluateAfterSync(app.t.deps.db, sourceId);
  return { boardId, sourceId };
}
