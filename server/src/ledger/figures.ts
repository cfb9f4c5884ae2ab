// The statement figures of @saldo/contract/kpis/kpis over a board's account sums (sums.ts): pure arithmetic
// in øre, shared by the KPI widget and the custom widget's statement lines.

import { type FigureId, type FigureTerm, figures } from '@saldo/contract/kpis/kpis';
import type { LedgerSums } from './sums.ts';

const termsSum = (terms: readonly FigureTerm[], accounts: ReadonlyMap<number, number> | undefined): number => {
  let sum = 0;
  if (!accounts) return sum;
  // forEach, not for…of: each [number, amount] pair of an iteration is an array of its own (the
  // portfolio against the budget calls this some 2 million times at 2 000 boards).
  accounts.forEach((amount, number) => {
    for (const term of terms) if (number >= term.from && number <= term.to) sum += term.sign * amount;
  });
  return sum;
};

/** The figures of a ledger: a P&L line's movement over months, a balance line's amount at a month end. */
export class Figures {
  readonly #sums: LedgerSums;
  readonly #cache = new Map<string, number>();

  constructor(sums: LedgerSums) {
    this.#sums = sums;
  }

  /** The movement of a figure's accounts over the months, positive in its normal state. */
  flow(id: FigureId, months: readonly string[]): number {
    const terms = figures[id].terms;
    return months.reduce((sum, month) => sum + termsSum(terms, this.#sums.months.get(month)), 0);
  }

  /** What the figure's accounts stand at by the end of `month`: everything before it included. */
  balance(id: FigureId, month: string): number {
    const key = `${id}|${month}`;
    const known = this.#cache.get(key);
    if (known !== undefined) return known;
    const terms = figures[id].terms;
    let sum = termsSum(terms, this.#sums.before);
    for (const [m, accounts] of this.#sums.months) if (m <= month) sum += termsSum(terms, accounts);
    this.#cache.set(key, sum);
    return sum;
  }

  /** A flow over the months, or a balance at the last of them. */
  over(id: FigureId, months: readonly string[]): number {
    return figures[id].kind === 'flow' ? this.flow(id, months) : this.balance(id, months[months.length - 1]!);
  }
}
