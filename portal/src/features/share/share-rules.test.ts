import type { BoardWidget } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import {
  addRecipient,
  compactRows,
  expiryDate,
  lockedPeriodOf,
  publicLink,
  publicNav,
  publicPath,
  publicViewOf,
  toShareRequest,
  validateRecipient,
  validateSend,
  validateShare,
} from './share-rules';

describe('share form validation', () => {
  it('needs widgets or pages', () => {
    expect(validateShare({ widgets: [], pages: [] })).toBe('share.errors.required');
    expect(validateShare({ widgets: ['w'], pages: [] })).toBeNull();
    expect(validateShare({ widgets: [], pages: ['cashflow'] })).toBeNull();
  });

  it('checks each recipient against a simple e-mail pattern', () => {
    expect(validateRecipient('kari@firma.no')).toBeNull();
    expect(validateRecipient('  ola@example.com ')).toBeNull();
    expect(validateRecipient('kari')).toBe('validation.emailInvalid');
    expect(validateRecipient('kari@firma')).toBe('validation.emailInvalid');
    expect(validateRecipient('ka ri@firma.no')).toBe('validation.emailInvalid');
    expect(validateRecipient('')).toBe('share.errors.required');
  });

  it('needs at least one recipient to send', () => {
    expect(validateSend([])).toBe('share.errors.required');
    expect(validateSend(['a@b.no', 'bad'])).toBe('validation.emailInvalid');
    expect(validateSend(['a@b.no', 'c@d.com'])).toBeNull();
  });

  it('adds a recipient once, ignoring case', () => {
    expect(addRecipient(['a@b.no'], ' A@B.no ')).toEqual(['a@b.no']);
    expect(addRecipient(['a@b.no'], 'c@d.no')).toEqual(['a@b.no', 'c@d.no']);
  });

  it('builds the request with the chosen widgets and pages in order', () => {
    const widgets: BoardWidget[] = [
      { id: 'a', name: 'A', widget: 'top-customers', x: 0, y: 0, width: 6, height: 6, view: 'single', note: 'n' },
      { id: 'b', name: 'B', widget: 'profit-loss', x: 0, y: 6, width: 12, height: 9, view: 'comparison' },
    ];
    expect(toShareRequest('g1', widgets, new Set(['b']), new Set(['balancesheet', 'cashflow'] as const), 'en')).toEqual(
      {
        group: 'g1',
        widgets: [{ id: 'b', widget: 'profit-loss', x: 0, y: 6, width: 12, height: 9, view: 'comparison' }],
        pages: [{ name: 'cashflow' }, { name: 'balancesheet' }],
        lang: 'en',
        expiresAt: null,
        lockedPeriod: null,
      },
    );
    const held = toShareRequest('g1', widgets, new Set(), new Set(['profitloss'] as const), 'nor', {
      expiresAt: '2026-12-24',
      lockedPeriod: lockedPeriodOf('2025', { startDate: '2026-01-01', endDate: '2026-10-31' }),
    });
    expect(held).toMatchObject({
      expiresAt: '2026-12-24',
      lockedPeriod: { startDate: '2025-01-01', endDate: '2025-12-31' },
    });
  });

  it('holds a link to the period on screen, to a year, or to none', () => {
    const onScreen = { startDate: '2026-04-01', endDate: '2026-06-30' };
    expect(lockedPeriodOf('current', onScreen)).toBe(onScreen);
    expect(lockedPeriodOf('2017', onScreen)).toEqual({ startDate: '2017-01-01', endDate: '2017-12-31' });
    for (const none of ['', 'nonsense', '20177']) expect(lockedPeriodOf(none, onScreen)).toBeNull();
  });

  it('gives a link made today that works for n days its last day', () => {
    const today = new Date(2026, 10, 24, 15, 30);
    expect(expiryDate(today, null)).toBeNull();
    expect(expiryDate(today, 7)).toBe('2026-12-01');
    expect(expiryDate(today, 30)).toBe('2026-12-24');
    expect(expiryDate(new Date(2026, 11, 31), 90)).toBe('2027-03-31');
  });
});

describe('public routes', () => {
  it('maps the address segment to the view', () => {
    expect(publicViewOf('board')).toEqual({ kind: 'board' });
    expect(publicViewOf('profitloss')).toEqual({ kind: 'page', page: 'profitloss', report: 'profit' });
    expect(publicViewOf('cashflow')).toEqual({ kind: 'page', page: 'cashflow', report: 'cashflow' });
    expect(publicViewOf('balancesheet')).toEqual({ kind: 'page', page: 'balancesheet', report: 'balanceSheet' });
    expect(publicViewOf('profit')).toBeNull();
    expect(publicViewOf(undefined)).toBeNull();
  });

  it('formats the public link as the host plus /public/board/{id}', () => {
    expect(publicLink('http://127.0.0.1:3000', 'abc')).toBe('http://127.0.0.1:3000/public/board/abc');
    expect(publicLink('https://saldo.no/', 'x y')).toBe('https://saldo.no/public/board/x%20y');
    expect(publicPath('profitloss', 'abc')).toBe('/public/profitloss/abc');
  });

  it('lists Dashboard and only the shared pages', () => {
    expect(publicNav([])).toEqual(['board']);
    expect(publicNav([{ name: 'balancesheet' }, { name: 'profitloss' }])).toEqual([
      'board',
      'profitloss',
      'balancesheet',
    ]);
  });
});

describe('compactRows', () => {
  it('leaves out the board rows no shared widget is on, keeping their order and overlaps', () => {
    const rows = compactRows([
      { id: 'profit-loss', y: 7, height: 9 },
      { id: 'kpi:dso', y: 20, height: 3 },
      { id: 'turnover', y: 21, height: 5 },
    ]);
    expect([...rows]).toEqual([
      ['profit-loss', 0],
      ['kpi:dso', 9],
      ['turnover', 10],
    ]);
  });
});
