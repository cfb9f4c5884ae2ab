/** @jsxImportSource react */
// The portal's exact usage of the wrappers. react-dom comes from the workspace root (the
// portal's dependency); the SDK itself only peers on react.
import type { ProfitLossReport, TopFiveExpense, TopRow, TurnoverData } from '@saldo/contract';
import type { ComponentProps } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { configure, resetConfig } from './core/api-client';
import type { SaldoDrillDetail } from './core/types';
import { tags } from './elements';
import * as wrappers from './react';
import {
  SaldoBalanceSheet,
  SaldoCashFlow,
  SaldoProfitLoss,
  SaldoTopCustomers,
  type SaldoTopFiveExpenses,
  type SaldoTurnover,
} from './react';
import { jsonResponse, settle, topCustomers } from './testing/fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  resetConfig();
  document.body.innerHTML = '';
});

describe('@saldo/sdk/react', () => {
  it('defines the tags, passes props and forwards the events', async () => {
    const requests: string[] = [];
    configure({
      baseUrl: '',
      getToken: () => 'tok',
      refresh: async () => false,
      fetch: (async (input: RequestInfo | URL) => {
        requests.push(String(input));
        return jsonResponse(topCustomers);
      }) as typeof fetch,
    });
    const ready: unknown[] = [];
    const drills: SaldoDrillDetail[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <SaldoTopCustomers
          board="b1"
          from="2026-01-01"
          to="2026-06-30"
          lang="en"
          theme="dark"
          onSaldoReady={(e) => ready.push(e.detail)}
          onSaldoDrill={(e) => drills.push(e.detail)}
        />,
      );
    });
    await act(settle);
    const el = container.querySelector('saldo-top-customers');
    expect(customElements.get('saldo-top-customers')).toBeDefined();
    expect(customElements.get('saldo-profit-loss')).toBeDefined();
    expect([el?.board, el?.lang, el?.getAttribute('theme')]).toEqual(['b1', 'en', 'dark']);
    // The data, and beside it whether its figures rest on a source with errors.
    expect(requests.sort()).toEqual([
      '/api/widgets/top-ten/customers/data-notice?groupId=b1&startDate=2026-01-01&endDate=2026-06-30',
      '/api/widgets/top-ten/customers?groupId=b1&startDate=2026-01-01&endDate=2026-06-30',
    ]);
    expect(ready).toEqual([topCustomers]);
    el?.shadowRoot?.querySelector<HTMLButtonElement>('[part="row"] button')?.click();
    expect(drills).toEqual([
      expect.objectContaining({ kind: 'customer', id: 'c1', from: '2026-01-01', to: '2026-06-30', sign: -1 }),
    ]);
    expect(SaldoProfitLoss.displayName).toBe('SaldoProfitLoss');
    expect(SaldoBalanceSheet.displayName).toBe('SaldoBalanceSheet');
    expect(SaldoCashFlow.displayName).toBe('SaldoCashFlow');
    act(() => root.unmount());
  });

  it('has a wrapper for every tag', () => {
    const pascal = (tag: string) => tag.replace(/(^|-)([a-z])/g, (_, _d, c: string) => c.toUpperCase());
    expect(Object.keys(wrappers).sort()).toEqual(tags.map(pascal).sort());
  });

  it("types each wrapper's saldo-ready by the data its element shows (checked by the type check)", () => {
    expectTypeOf<ComponentProps<typeof SaldoTurnover>['onSaldoReady']>().toEqualTypeOf<
      ((e: CustomEvent<TurnoverData>) => void) | undefined
    >();
    expectTypeOf<ComponentProps<typeof SaldoTopCustomers>['onSaldoReady']>().toEqualTypeOf<
      ((e: CustomEvent<TopRow[]>) => void) | undefined
    >();
    expectTypeOf<ComponentProps<typeof SaldoTopFiveExpenses>['onSaldoReady']>().toEqualTypeOf<
      ((e: CustomEvent<TopFiveExpense[]>) => void) | undefined
    >();
    expectTypeOf<ComponentProps<typeof SaldoProfitLoss>['onSaldoReady']>().toEqualTypeOf<
      ((e: CustomEvent<ProfitLossReport>) => void) | undefined
    >();
    expectTypeOf<ComponentProps<typeof SaldoTurnover>['board']>().toEqualTypeOf<string | undefined>();
  });
});
