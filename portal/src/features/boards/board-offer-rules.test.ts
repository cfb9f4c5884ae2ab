import type { ApiAccount, BillingStatus, Board } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import { bannerOf } from '../billing/billing-rules';
import { boardNameOf, boardOver } from './board-offer-rules';

const stats = (company?: { name: string; orgNumber?: string }) =>
  ({
    accounts: 1,
    customers: 0,
    suppliers: 0,
    products: 0,
    employees: 0,
    postings: 1,
    debitTotal: 0,
    creditTotal: 0,
    openingBalances: 0,
    warnings: [],
    ...(company ? { company } : {}),
  }) satisfies ApiAccount['stats'];

describe('the board offered after an import (issue 27)', () => {
  it("is named after the file's company and organisation number, else the source", () => {
    const named = { name: 'Min opplasting', stats: stats({ name: 'Tøyen Lekefabrikk AS', orgNumber: '888888888' }) };
    expect(boardNameOf(named)).toBe('Tøyen Lekefabrikk AS (888888888)');
    expect(boardNameOf({ name: 'x', stats: stats({ name: 'Uten Nummer AS' }) })).toBe('Uten Nummer AS');
    expect(boardNameOf({ name: 'fil.xml', stats: stats() })).toBe('fil.xml');
    expect(boardNameOf({ name: 'fil.xml', stats: null })).toBe('fil.xml');
    expect(boardNameOf({ name: 'x', stats: stats({ name: 'A'.repeat(120), orgNumber: '1' }) })).toHaveLength(100);
  });

  it('is an existing board of the user that holds the source, if there is one; shared boards do not count', () => {
    const board = (id: string, apis: string[], role: Board['role']) => ({ _id: id, apis, role }) as Board;
    expect(boardOver([board('a', ['s1'], 'Viewer'), board('b', ['s1', 's2'], 'owner')], 's1')?._id).toBe('b');
    expect(boardOver([board('a', ['s1'], 'Editor')], 's1')).toBeUndefined();
  });
});

describe("a member's banner (issue 27)", () => {
  it('is never a trial or plan warning when the owners pay', () => {
    const status: BillingStatus = {
      state: 'trialEnded',
      readOnly: true,
      trialEndsAt: null,
      enabled: true,
      subscription: null,
      boards: 0,
      payUrl: null,
      payer: 'owners',
      owners: [{ name: 'Demo Bruker', email: 'demo@saldo.no', readOnly: false }],
    };
    expect(bannerOf(status)).toBeNull();
    expect(bannerOf({ ...status, payer: 'self', owners: [] })).toBe('trialEnded');
  });
});
