import { footParts, oreToKroner } from '../numbers/footing.ts';
import type { ConsolidationWidgetData, TurnoverData } from '../types/widgets.ts';

// The widgets whose shown figures add up to a shown total, footed the same way on screen (SDK) and
// in the exports. Pure, so the SDK and the exports share it (@saldo/contract/statements/index).

/** Parts (øre) and their total as shown kroner; the parts footed when they are the total's exact sum. */
export function footedParts(parts: readonly number[], total: number): { parts: number[]; total: number } {
  const shown = oreToKroner(total);
  const exact = parts.reduce((s, p) => s + p, 0) === total;
  return { parts: exact ? footParts(shown, parts) : parts.map(oreToKroner), total: shown };
}

/** One column (revenue or result) of a consolidation as shown. */
export interface ConsolidationColumn {
  /** each company's figure, in the order of `apis` */
  companies: number[];
  /** the eliminations as they count: subtracted, so with the deducted figure's opposite sign */
  eliminations: number;
  consolidated: number;
}

/**
 * A consolidation's revenue and result as shown: the companies and the eliminations (the deducted
 * figures with their sign turned, since they are subtracted) footed against the consolidated sum.
 */
export function footConsolidation(data: ConsolidationWidgetData): Record<'revenue' | 'result', ConsolidationColumn> {
  const column = (key: 'revenue' | 'result'): ConsolidationColumn => {
    const { parts, total } = footedParts(
      [...data.apis.map((a) => a[key]), -data.deducted[key]],
      data.consolidated[key],
    );
    return { companies: parts.slice(0, -1), eliminations: parts[parts.length - 1]!, consolidated: total };
  };
  return { revenue: column('revenue'), result: column('result') };
}

/**
 * The turnover widget's months and total as shown: the P&L's Sum driftsinntekter where the server
 * sends it (`shown`), so the widget and the statement show the same kroner; else footed on their own.
 */
export function turnoverShown(data: TurnoverData): { parts: number[]; total: number } {
  return (
    data.shown ??
    footedParts(
      data.months.map((m) => m.amount),
      data.total,
    )
  );
}
