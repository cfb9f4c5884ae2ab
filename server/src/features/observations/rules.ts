// The observations a report pack proposes (issue 30): rules over a board's figures for a period and its
// comparison, each a sentence in nor and en that cites the figures it rests on. Pure: figures in,
// observations out; the thresholds are the contract's (observations/rules.ts).

import type { CitedFigure, LocalizedText, Observation } from '@saldo/contract';
import { formatKpi, KPI_SCALE, type KpiUnit } from '@saldo/contract/kpis/format';
import { type FigureId, figureTitle, type KpiId, kpiDefinition } from '@saldo/contract/kpis/kpis';
import { roundHalfAway } from '@saldo/contract/numbers/footing';
import { formatAmount, formatMonth, formatPercent } from '@saldo/contract/numbers/format';
import { changePercent } from '@saldo/contract/numbers/variance';
import { OBSERVATION_LIMITS as LIMITS } from '@saldo/contract/observations/rules';
import { endOfMonth } from '@saldo/contract/period/range';
import { PROFIT_LOSS_GROUP_IDS, PROFIT_LOSS_RANGES } from '@saldo/contract/statements/chart';
import { computeKpi, type FigureReader } from '../kpis/compute.ts';

interface Months {
  startDate: string;
  endDate: string;
  months: readonly string[];
}

export interface ObservationInput {
  compare: 'previous' | 'lastYear';
  /** The period's booked months, and the comparison's like for like with how many of its months are booked. */
  period: Months;
  comparison: Months & { bookedMonths: number };
  figures: FigureReader;
  /** The P&L accounts' movements (3000–8399, debit positive, øre) over each, and their names. */
  accounts: { now: ReadonlyMap<number, number>; before: ReadonlyMap<number, number> };
  accountNames: ReadonlyMap<string, LocalizedText>;
  /**
   * The largest customers (revenue) and suppliers (costs) of each period, by the sync's sums per
   * party (report sign), each with its amount in the other period too (0 for none).
   */
  parties: Record<PartyRole, ReadonlyArray<{ key: string; name: string; now: number; before: number }>>;
}

type PartyRole = 'customer' | 'supplier';

const AGAINST = {
  lastYear: { no: 'mot samme periode i fjor', en: 'against the same period last year' },
  previous: { no: 'mot forrige periode', en: 'against the previous period' },
} as const;

const IN_COMPARISON = {
  lastYear: { no: 'i samme periode i fjor', en: 'in the same period last year' },
  previous: { no: 'i forrige periode', en: 'in the previous period' },
} as const;

const money = (ore: number): LocalizedText => ({ no: `${formatAmount(ore)} kr`, en: `NOK ${formatAmount(ore)}` });
const same = (text: string): LocalizedText => ({ no: text, en: text });

/** The statement line an account sits on (its drill-down), by the P&L's grouping. */
function lineOf(account: number): FigureId | null {
  for (const id of PROFIT_LOSS_GROUP_IDS) {
    const [from, to] = PROFIT_LOSS_RANGES[id];
    if (account >= from && account <= to) return id;
  }
  return null;
}

/** Income accounts (3000–3999, financial income 8000–8099) read credit positive, the rest debit. */
const normalSign = (account: number) => (account < 4000 || (account >= 8000 && account <= 8099) ? -1 : 1);

/** What the P&L element calls a line it shows as a sum (the portfolio's drill keys), else the line itself. */
const DRILL_LINE: Partial<Record<FigureId, string>> = { revenue: 'operatingIncome' };
const drillOf = (id: FigureId) => ({ statement: 'profit' as const, line: DRILL_LINE[id] ?? id });

function amountFigure(
  ref: string,
  label: LocalizedText,
  at: Months,
  value: number,
  line: FigureId | null,
): CitedFigure {
  return {
    ref,
    label,
    startDate: at.startDate,
    endDate: at.endDate,
    value,
    unit: 'amount',
    shown: money(value),
    drill: line ? drillOf(line) : null,
  };
}

function changeFigure(ref: string, label: LocalizedText, input: ObservationInput, percent: number): CitedFigure {
  return {
    ref: `${ref}:change`,
    label: { no: `${label.no}, endring`, en: `${label.en}, change` },
    startDate: input.period.startDate,
    endDate: input.period.endDate,
    value: Math.round(percent * 10),
    unit: 'change',
    // The sentence says rose or fell: the size alone.
    shown: same(formatPercent(Math.abs(percent))),
    drill: null,
  };
}

/** "X rose by 12,3 % from A to B against …": a change worth telling, with its three figures. */
function changeObservation(
  input: ObservationInput,
  rule: 'line-change' | 'account-change',
  ref: string,
  label: LocalizedText,
  line: FigureId | null,
  now: number,
  before: number,
): Observation | null {
  // The one rule for a change in percent: none from under 1 kr, or across zero.
  const percent = changePercent(now, before, 'ore');
  if (percent === null || Math.abs(percent) < LIMITS.minChangePercent) return null;
  const shownPercent = formatPercent(Math.abs(percent));
  const against = AGAINST[input.compare];
  const rose = now > before;
  return {
    id: `${rule}:${ref}`,
    rule,
    text: {
      no: `${label.no} ${rose ? 'økte' : 'falt'} med ${shownPercent} fra ${money(before).no} til ${money(now).no} ${against.no}.`,
      en: `${label.en} ${rose ? 'rose' : 'fell'} by ${shownPercent} from ${money(before).en} to ${money(now).en} ${against.en}.`,
    },
    figures: [
      amountFigure(ref, label, input.period, now, line),
      amountFigure(ref, label, input.comparison, before, line),
      changeFigure(ref, label, input, percent),
    ],
  };
}

/** A rule: the observations of the input; `floor`, the amount a change must reach to be told. */
type Rule = (input: ObservationInput, floor: number) => Observation[];

function lineChanges(input: ObservationInput, floor: number): Observation[] {
  const told: Array<{ size: number; observation: Observation }> = [];
  for (const id of PROFIT_LOSS_GROUP_IDS) {
    const now = input.figures.flow(id, input.period.months);
    const before = input.figures.flow(id, input.comparison.months);
    if (Math.abs(now - before) < floor) continue;
    const label = { no: figureTitle(id, 'nor'), en: figureTitle(id, 'en') };
    const observation = changeObservation(input, 'line-change', `line:${id}`, label, id, now, before);
    if (observation) told.push({ size: Math.abs(now - before), observation });
  }
  return told
    .sort((a, b) => b.size - a.size)
    .slice(0, LIMITS.lines)
    .map((t) => t.observation);
}

function accountChanges(input: ObservationInput, floor: number): Observation[] {
  const numbers = new Set([...input.accounts.now.keys(), ...input.accounts.before.keys()]);
  const told: Array<{ size: number; observation: Observation }> = [];
  for (const account of numbers) {
    const sign = normalSign(account);
    const now = sign * (input.accounts.now.get(account) ?? 0);
    const before = sign * (input.accounts.before.get(account) ?? 0);
    if (Math.abs(now - before) < floor) continue;
    const name = input.accountNames.get(String(account));
    const label = {
      no: `Konto ${account}${name ? ` (${name.no})` : ''}`,
      en: `Account ${account}${name ? ` (${name.en})` : ''}`,
    };
    const observation = changeObservation(
      input,
      'account-change',
      `account:${account}`,
      label,
      lineOf(account),
      now,
      before,
    );
    if (observation) told.push({ size: Math.abs(now - before), observation });
  }
  return told
    .sort((a, b) => b.size - a.size)
    .slice(0, LIMITS.accounts)
    .map((t) => t.observation);
}

/** A KPI of the library over months: its value (ten-thousandths, or øre), null where it has no base. */
const kpiOver = (input: ObservationInput, id: KpiId, months: readonly string[]) =>
  computeKpi(kpiDefinition(id), input.figures, months).value;

type Drill = CitedFigure['drill'];

function kpiFigure(id: KpiId, at: Months, value: number, drill: Drill): CitedFigure {
  const kpi = kpiDefinition(id);
  return {
    ref: `kpi:${id}`,
    label: kpi.title,
    startDate: at.startDate,
    endDate: at.endDate,
    value,
    unit: kpi.unit,
    shown: { no: formatKpi(value, kpi.unit, 'nor'), en: formatKpi(value, kpi.unit, 'en') },
    drill,
  };
}

function thresholdFigure(id: KpiId, value: number, unit: KpiUnit, at: Months): CitedFigure {
  const kpi = kpiDefinition(id);
  return {
    ref: `threshold:${id}`,
    label: { no: `${kpi.title.no}, grense`, en: `${kpi.title.en}, threshold` },
    startDate: at.startDate,
    endDate: at.endDate,
    value,
    unit,
    shown: { no: formatKpi(value, unit, 'nor'), en: formatKpi(value, unit, 'en') },
    drill: null,
  };
}

/** Margins that crossed zero, or moved by many percentage points. */
function margins(input: ObservationInput): Observation[] {
  const out: Observation[] = [];
  const kpis: Array<[KpiId, FigureId]> = [
    ['gross-margin', 'grossProfit'],
    ['operating-margin', 'operatingResult'],
    ['profit-margin', 'result'],
  ];
  const against = AGAINST[input.compare];
  for (const [id, line] of kpis) {
    const now = kpiOver(input, id, input.period.months);
    const before = kpiOver(input, id, input.comparison.months);
    if (now === null || before === null) continue;
    const title = kpiDefinition(id).title;
    const figures = [
      kpiFigure(id, input.period, now, drillOf(line)),
      kpiFigure(id, input.comparison, before, drillOf(line)),
    ];
    const [shownNow, shownBefore] = [figures[0]!.shown.no, figures[1]!.shown.no];
    const crossed = now < 0 !== before < 0;
    const points = Math.abs(now - before) / (KPI_SCALE / 100);
    if (!crossed && points < LIMITS.marginPoints) continue;
    const text = crossed
      ? {
          no: `${title.no} ble ${now < 0 ? 'negativ' : 'positiv'}: ${shownNow} ${against.no}, da den var ${shownBefore}.`,
          en: `The ${title.en.toLowerCase()} turned ${now < 0 ? 'negative' : 'positive'}: ${shownNow} ${against.en}, when it was ${shownBefore}.`,
        }
      : {
          no: `${title.no} ${now > before ? 'steg' : 'falt'} fra ${shownBefore} til ${shownNow} ${against.no}.`,
          en: `The ${title.en.toLowerCase()} ${now > before ? 'rose' : 'fell'} from ${shownBefore} to ${shownNow} ${against.en}.`,
        };
    out.push({ id: `margin:${id}`, rule: 'margin', text, figures });
  }
  return out;
}

/** Liquidity (likviditetsgrad 1) below 1 and solidity (egenkapitalandel) below its floor, newly or still. */
function liquidity(input: ObservationInput): Observation[] {
  const out: Observation[] = [];
  // The balance sheet's line each is read at the period's end from (the portfolio's drill keys).
  const checks: Array<[KpiId, number, string]> = [
    ['current-ratio', LIMITS.currentRatio * KPI_SCALE, 'totalCurrentAssets'],
    ['equity-ratio', (LIMITS.equityRatioPercent * KPI_SCALE) / 100, 'totalEquity'],
  ];
  for (const [id, floor, line] of checks) {
    const now = kpiOver(input, id, input.period.months);
    const before = kpiOver(input, id, input.comparison.months);
    if (now === null || now >= floor) continue;
    const kpi = kpiDefinition(id);
    const drill = { statement: 'balanceSheet' as const, line };
    const figures = [
      kpiFigure(id, input.period, now, drill),
      thresholdFigure(id, floor, kpi.unit, input.period),
      ...(before === null ? [] : [kpiFigure(id, input.comparison, before, drill)]),
    ];
    const shown = figures.map((f) => f.shown.no);
    const newly = before !== null && before >= floor;
    out.push({
      id: `liquidity:${id}`,
      rule: 'liquidity',
      text: {
        no: `${kpi.title.no} er ${shown[0]} ved periodens slutt, under ${shown[1]}${newly ? `; den var ${shown[2]} ${AGAINST[input.compare].no}` : ''}.`,
        en: `The ${kpi.title.en.toLowerCase()} is ${shown[0]} at the period's end, below ${shown[1]}${newly ? `; it was ${shown[2]} ${AGAINST[input.compare].en}` : ''}.`,
      },
      figures,
    });
  }
  return out;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : roundHalfAway((sorted[mid - 1]! + sorted[mid]!) / 2, 0);
};

/** A month whose revenue is far from the period's usual month (the median, by median absolute deviations). */
function unusualMonths(input: ObservationInput): Observation[] {
  const months = input.period.months;
  if (months.length < LIMITS.unusualMinMonths) return [];
  const revenue = months.map((m) => input.figures.flow('revenue', [m]));
  const usual = median(revenue);
  const spread = median(revenue.map((r) => Math.abs(r - usual)));
  const label = { no: figureTitle('revenue', 'nor'), en: figureTitle('revenue', 'en') };
  const out: Observation[] = [];
  months.forEach((month, i) => {
    const value = revenue[i]!;
    const off = Math.abs(value - usual);
    if (off <= LIMITS.unusualDeviations * spread || off < (Math.abs(usual) * LIMITS.unusualPercent) / 100) return;
    const at = { startDate: `${month}-01`, endDate: endOfMonth(`${month}-01`), months: [month] };
    const names = { no: formatMonth(month, 'nor'), en: formatMonth(month, 'en') };
    out.push({
      id: `unusual-month:${month}`,
      rule: 'unusual-month',
      text: {
        no: `${label.no} i ${names.no} var ${money(value).no}, mot ${money(usual).no} i en vanlig måned i perioden (medianen).`,
        en: `${label.en} in ${names.en} was ${money(value).en}, against ${money(usual).en} in the period's usual month (the median).`,
      },
      figures: [
        amountFigure(`month:${month}:revenue`, label, at, value, 'revenue'),
        amountFigure(
          'median:revenue',
          { no: `${label.no}, median per måned`, en: `${label.en}, median month` },
          input.period,
          usual,
          null,
        ),
      ],
    });
  });
  return out;
}

const PARTY_TEXT = {
  customer: {
    drill: 'operatingIncome',
    lost: (name: string, before: LocalizedText, inBefore: LocalizedText) => ({
      no: `Kunden ${name} kjøpte for ${before.no} ${inBefore.no}, men ingenting i perioden.`,
      en: `Customer ${name} bought ${before.en} ${inBefore.en}, and nothing in this period.`,
    }),
    gained: (name: string, now: LocalizedText, inBefore: LocalizedText) => ({
      no: `Ny kunde: ${name} kjøpte for ${now.no} i perioden, og ingenting ${inBefore.no}.`,
      en: `New customer: ${name} bought ${now.en} in this period, and nothing ${inBefore.en}.`,
    }),
  },
  supplier: {
    drill: 'operatingExpenses',
    lost: (name: string, before: LocalizedText, inBefore: LocalizedText) => ({
      no: `Leverandøren ${name} fakturerte ${before.no} ${inBefore.no}, men ingenting i perioden.`,
      en: `Supplier ${name} invoiced ${before.en} ${inBefore.en}, and nothing in this period.`,
    }),
    gained: (name: string, now: LocalizedText, inBefore: LocalizedText) => ({
      no: `Ny leverandør: ${name} fakturerte ${now.no} i perioden, og ingenting ${inBefore.no}.`,
      en: `New supplier: ${name} invoiced ${now.en} in this period, and nothing ${inBefore.en}.`,
    }),
  },
} as const;

/** A large customer or supplier of one period with nothing in the other: lost, or new. */
function parties(input: ObservationInput, floor: number): Observation[] {
  const out: Observation[] = [];
  for (const role of ['customer', 'supplier'] as const) {
    const words = PARTY_TEXT[role];
    for (const p of input.parties[role]) {
      const way = p.now <= 0 && p.before >= floor ? 'lost' : p.before <= 0 && p.now >= floor ? 'gained' : null;
      if (!way) continue;
      const label = same(p.name);
      const drill = { statement: 'profit' as const, line: words.drill };
      const figures = [
        { ...amountFigure(`${role}:${p.key}`, label, input.period, p.now, null), drill },
        { ...amountFigure(`${role}:${p.key}`, label, input.comparison, p.before, null), drill },
      ];
      const text =
        way === 'lost'
          ? words.lost(p.name, money(p.before), IN_COMPARISON[input.compare])
          : words.gained(p.name, money(p.now), IN_COMPARISON[input.compare]);
      out.push({ id: `${role}-${way}:${p.key}`, rule: `${role}-${way}`, text, figures });
    }
  }
  return out;
}

/**
 * Every rule's observations, in the order a reader takes them: the statement first, then the signals.
 * Against a comparison with no booked month (a company's first year) there is nothing to compare
 * with: no change, margin move or customer and supplier new or lost is told, only the period's own.
 */
export function proposeObservations(input: ObservationInput): Observation[] {
  // The amount a change must reach to be told: a share of the period's revenue.
  const floor = (Math.abs(input.figures.flow('revenue', input.period.months)) * LIMITS.minShareOfRevenue) / 100;
  const rules: Rule[] =
    input.comparison.bookedMonths > 0
      ? [lineChanges, accountChanges, margins, liquidity, parties, unusualMonths]
      : [liquidity, unusualMonths];
  return rules.flatMap((rule) => rule(input, floor));
}
