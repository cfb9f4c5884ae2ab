import type { ExportDocument, ExportTable } from '@saldo/contract';
import { cellText } from '@saldo/contract/numbers/format';
import { withResultBeforeTax } from '@saldo/contract/statements/index';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBalanceSheet } from '../../engine/balance-sheet.ts';
import { buildCashFlow } from '../../engine/cash-flow.ts';
import { buildProfitLoss, type MonthlyMovement } from '../../engine/profit-loss.ts';
import { parsePeriod } from '../../http/period.ts';
import { balancedLedger } from '../../test/random-ledger.ts';
import { buildContext } from '../assistant/context.ts';
import { writeCsv } from './csv.ts';
import { chartOf } from './pdf/chart-data.ts';
import { writePdf } from './pdf/document.ts';
import { readBack, readTables } from './pdf/read-back.ts';
import { balanceSheetTable, cashFlowTable, type ExportKind, profitLossTable, toTable } from './tables.ts';
import { writeXlsx } from './xlsx.ts';

// Shown figures foot in every export format, on random ledgers: each file is read back as a person
// (or a spreadsheet) would read it, and its figures must add up as shown. Amounts carry odd øre
// (…50) on purpose, so rounding each figure on its own would not foot.

const ACCOUNTS = [1200, 1500, 1920, 2000, 2050, 2400, 2600, 3000, 3100, 3600, 4300, 5000, 6000, 6300, 8040, 8150, 8300];
const MONTHS = ['2025-12', '2026-01', '2026-02', '2026-03'];
const amount = fc.oneof(
  fc.integer({ min: -2_000_000_00, max: 2_000_000_00 }),
  fc.integer({ min: -20_000, max: 20_000 }).map((k) => k * 100 + 50),
);
const ledger = balancedLedger(ACCOUNTS, MONTHS, amount, 30);

const period = parsePeriod('2026-01-01', '2026-03-31');
const history = (movements: MonthlyMovement[]) => ({
  before: movements.filter((m) => m.month < '2026-01'),
  fromMonth: '2026-01',
  movements: movements.filter((m) => m.month >= '2026-01'),
});

const cashFlowOf = (movements: MonthlyMovement[]) =>
  withResultBeforeTax(buildCashFlow(history(movements), period), buildProfitLoss(movements, new Map(), period));

function documentOf(movements: MonthlyMovement[], extra: ExportTable[]): ExportDocument {
  return {
    board: 'Fot AS',
    fileName: 'fot-as',
    startDate: period.startDate,
    endDate: period.endDate,
    lang: 'nor',
    tables: [
      profitLossTable(buildProfitLoss(movements, new Map(), period), 'nor'),
      balanceSheetTable(buildBalanceSheet(history(movements), new Map(), period), 'nor'),
      // As the server sends it: with the P&L's result before tax (reports/routes.ts).
      cashFlowTable(cashFlowOf(movements), 'nor'),
      ...extra,
    ],
  };
}

/** A table as read back: each row's label, whether it is an account (an item under a line), and its numbers. */
interface Read {
  title: string;
  rows: Array<{ label: string; item: boolean; cells: Array<number | null> }>;
}

/** Checks that what a person reads adds up: lines to their items, and each statement's sums. */
function expectFoots(table: Read) {
  const { rows } = table;
  const width = Math.max(0, ...rows.map((r) => r.cells.length));
  const col = (c: number) => (r: Read['rows'][number]) => r.cells[c] ?? 0;
  // The P&L and the cash flow with their months and the period (not cut to the period, nor compared):
  // each row's period is the sum of its months as shown; cash at the start and end is a balance.
  if ((table.title === 'Resultatregnskap' || table.title === 'Kontantstrøm') && width === period.months.length + 1)
    for (const row of rows.filter((r) => !r.label.startsWith('Likvider ved periodens') && r.cells.length > 0))
      expect(
        row.cells.slice(0, -1).reduce<number>((s, k) => s + (k ?? 0), 0),
        `${table.title}: ${row.label} by months`,
      ).toBe(row.cells.at(-1) ?? 0);
  for (let c = 0; c < width; c++) {
    const v = col(c);
    // A line followed by items is their sum.
    rows.forEach((row, i) => {
      if (row.item) return;
      let j = i + 1;
      let items = 0;
      while (j < rows.length && rows[j]!.item) items += v(rows[j++]!);
      if (j > i + 1) expect(items, `${table.title}: ${row.label}`).toBe(v(row));
    });
    const top = rows.filter((r) => !r.item);
    const find = (label: string) => top.find((r) => r.label === label);
    const at = (label: string) => v(find(label) ?? { label, item: false, cells: [] });
    /** The rows strictly between two labels (a heading and its sum). */
    const between = (from: string, to: string) => {
      const a = top.findIndex((r) => r.label === from);
      const b = top.findIndex((r, i) => i > a && r.label === to);
      expect(a, from).toBeGreaterThanOrEqual(0);
      expect(b, to).toBeGreaterThan(a);
      return top.slice(a + 1, b).reduce((s, r) => s + v(r), 0);
    };
    if (table.title === 'Resultatregnskap') {
      // regnskapsloven § 6-1: each sum is what it names, as shown.
      expect(between('Driftsinntekter og driftskostnader', 'Sum driftsinntekter'), 'Sum driftsinntekter').toBe(
        at('Sum driftsinntekter'),
      );
      expect(at('Bruttofortjeneste')).toBe(at('Sum driftsinntekter') + at('Varekostnad'));
      expect(at('Varekostnad') + between('Bruttofortjeneste', 'Sum driftskostnader'), 'Sum driftskostnader').toBe(
        at('Sum driftskostnader'),
      );
      expect(at('Driftsresultat')).toBe(at('Sum driftsinntekter') + at('Sum driftskostnader'));
      expect(between('Finansinntekter og finanskostnader', 'Netto finansposter')).toBe(at('Netto finansposter'));
      expect(at('Ordinært resultat før skattekostnad')).toBe(at('Driftsresultat') + at('Netto finansposter'));
      expect(at('Årsresultat')).toBe(
        at('Ordinært resultat før skattekostnad') + between('Ordinært resultat før skattekostnad', 'Årsresultat'),
      );
    } else if (table.title === 'Balanse') {
      // regnskapsloven § 6-2: lines to their part's sum, parts (and Unclassified) to their side's.
      for (const [heading, sum] of [
        ['Anleggsmidler', 'Sum anleggsmidler'],
        ['Omløpsmidler', 'Sum omløpsmidler'],
        ['Egenkapital', 'Sum egenkapital'],
        ['Gjeld', 'Sum gjeld'],
      ] as const)
        expect(between(heading, sum), sum).toBe(at(sum));
      expect(at('Sum anleggsmidler') + at('Sum omløpsmidler') + between('Sum omløpsmidler', 'Sum eiendeler')).toBe(
        at('Sum eiendeler'),
      );
      expect(at('Sum egenkapital') + at('Sum gjeld')).toBe(at('Sum egenkapital og gjeld'));
      const difference = find('Differanse');
      if (difference) expect(v(difference)).toBe(at('Sum eiendeler') - at('Sum egenkapital og gjeld'));
    } else if (table.title === 'Kontantstrøm') {
      const sections = [
        ['operasjonelle aktiviteter', 'operasjonelle aktiviteter'],
        ['investeringsaktiviteter', 'investeringsaktiviteter'],
        ['finansieringsaktiviteter', 'finansieringsaktiviteter'],
      ].map(([heading, net]) => {
        const sum = `Netto kontantstrøm fra ${net}`;
        expect(between(`Kontantstrømmer fra ${heading}`, sum), sum).toBe(at(sum));
        return at(sum);
      });
      expect(sections.reduce((s, x) => s + x, 0)).toBe(at('Netto endring i likvider'));
      expect(at('Likvider ved periodens start') + at('Netto endring i likvider')).toBe(
        at('Likvider ved periodens slutt'),
      );
    } else {
      // Widget tables with a sum in their last row: turnover's months, a consolidation's companies.
      expect(
        top.slice(0, -1).reduce((s, r) => s + v(r), 0),
        table.title,
      ).toBe(v(top.at(-1)!));
    }
  }
}

/**
 * A figure shown in several statements reads the same in each, as this format shows them: the result
 * before tax (P&L, cash flow), cash at each month end (balance sheet, the cash flow's closing cash; the
 * balance sheet has no period column of its own, so the cash flow's is left out), and the year's result
 * (the P&L's period, the balance sheet's result so far at its end).
 */
function expectShared(read: Read[], what: string) {
  const row = (title: string, label: string) =>
    read
      .find((t) => t.title === title)
      ?.rows.find((r) => r.label === label)
      ?.cells.map((k) => k ?? 0);
  const pl = 'Resultatregnskap';
  const cf = 'Kontantstrøm';
  const bs = 'Balanse';
  const beforeTax = 'Ordinært resultat før skattekostnad';
  // A cash flow line that is zero everywhere is left out: it reads as zeros.
  const plBeforeTax = row(pl, beforeTax);
  expect(row(cf, beforeTax) ?? plBeforeTax?.map(() => 0), `${what}: ${beforeTax}`).toEqual(plBeforeTax);
  const closing = row(cf, 'Likvider ved periodens slutt');
  const cash = row(bs, 'Bankinnskudd, kontanter o.l.');
  if (cash && closing) expect(cash.at(-1), `${what}: cash`).toBe(closing.at(-1));
  if (cash && closing && closing.length > 1) expect(cash, `${what}: cash by month`).toEqual(closing.slice(0, -1));
  const soFar = row(bs, 'Årets resultat');
  if (soFar) expect(soFar.at(-1), `${what}: the year's result`).toBe(row(pl, 'Årsresultat')?.at(-1));
}

const number = (text: string) => (text === '' ? null : Number(text.replace(/[\u00a0 ]/g, '').replace(',', '.')));

function readCsv(file: Buffer): Read[] {
  const blocks = file.toString('utf8').slice(1).split('\r\n\r\n').filter(Boolean);
  return blocks.map((block) => {
    const [title, , ...lines] = block.split('\r\n');
    return {
      title: title!,
      rows: lines.map((line) => {
        const [label, ...cells] = line.split(';');
        return { label: label!.trim(), item: label!.startsWith('  '), cells: cells.map(number) };
      }),
    };
  });
}

async function readXlsx(file: Buffer, titles: string[]): Promise<Read[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet, i) => {
    const rows: Read['rows'] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      const label = String(values[0] ?? '');
      if (typeof values[1] === 'string') return; // a note under the table
      rows.push({
        label: label.trim(),
        item: label.startsWith('  '),
        cells: values.slice(1).map((v) => (v == null ? null : Number(v))),
      });
    });
    return { title: titles[i]!, rows };
  });
}

/**
 * The PDF as a viewer reads it (pdf.js): each table's rows under its title, matched to the columns by
 * their headings, an account being a line indented under its statement line. The widgets' charts are
 * drawn as they are in an export, so their labels must not be read as rows.
 */
async function readPdf(doc: ExportDocument, movements: MonthlyMovement[]): Promise<Read[]> {
  const kinds: ExportKind[] = ['profit-loss', 'balance-sheet', 'cash-flow', 'turnover', 'consolidation'];
  // Each chart from its own report, as the export route passes the widget's answer.
  const data: Partial<Record<ExportKind, unknown>> = {
    'profit-loss': buildProfitLoss(movements, new Map(), period),
    'cash-flow': cashFlowOf(movements),
  };
  const file = await writePdf({
    board: doc.board,
    sources: [],
    startDate: doc.startDate,
    endDate: doc.endDate,
    exportedAt: '2026-04-01',
    lang: 'nor',
    sections: doc.tables.map((table, i) => ({
      table,
      chart: chartOf(kinds[i]!, table, 'nor', data[kinds[i]!]),
      note: null,
    })),
  });
  return readTables(await readBack(file), doc.tables).map((table) => ({
    title: table.title,
    rows: table.rows.map((row) => ({
      label: row.cells[0]!,
      item: row.indented,
      cells: row.cells.slice(1).map(number),
    })),
  }));
}

/** The assistant's context: `## title`, the header, then `a;b;c` rows (statements cut to their period column). */
function readContext(text: string): Read[] {
  return text
    .split('\n## ')
    .slice(1)
    .map((block) => {
      const [title, , ...lines] = block.split('\n');
      return {
        title: title!,
        rows: lines
          .filter((l) => l.includes(';'))
          .map((line) => {
            const [label, ...cells] = line.split(';');
            return { label: label!.trim(), item: label!.startsWith('  '), cells: cells.map(number) };
          }),
      };
    });
}

/** The three statements beside a comparison: another ledger's period, or (`budget`) a budget. */
function comparedTables(movements: MonthlyMovement[], other: MonthlyMovement[], budget: boolean): ExportTable[] {
  const basis = budget ? { basis: 'budget' as const } : {};
  return [
    profitLossTable(
      {
        ...buildProfitLoss(movements, new Map(), period),
        comparison: { ...buildProfitLoss(other, new Map(), period), ...basis },
      },
      'nor',
    ),
    balanceSheetTable(
      {
        ...buildBalanceSheet(history(movements), new Map(), period),
        comparison: { ...buildBalanceSheet(history(other), new Map(), period), ...basis },
      },
      'nor',
    ),
    cashFlowTable(
      {
        ...buildCashFlow(history(movements), period),
        comparison: { ...buildCashFlow(history(other), period), ...basis },
      },
      'nor',
    ),
  ];
}

const turnover = fc.array(amount, { minLength: 1, maxLength: 12 }).map((amounts) =>
  toTable(
    'turnover',
    {
      total: amounts.reduce((s, a) => s + a, 0),
      months: amounts.map((a, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, amount: a })),
      previousTotal: 0,
      changePercent: null,
    },
    'nor',
  ),
);
const consolidation = fc
  .record({
    companies: fc.array(fc.tuple(amount, amount), { minLength: 1, maxLength: 4 }),
    deducted: fc.tuple(amount, amount),
  })
  .map(({ companies, deducted }) =>
    toTable(
      'consolidation',
      {
        apis: companies.map(([revenue, result], i) => ({ _id: `a${i}`, name: `Selskap ${i}`, revenue, result })),
        deducted: { revenue: deducted[0], result: deducted[1] },
        consolidated: {
          revenue: companies.reduce((s, c) => s + c[0], 0) - deducted[0],
          result: companies.reduce((s, c) => s + c[1], 0) - deducted[1],
        },
      },
      'nor',
    ),
  );

describe('shown figures foot in every export format', () => {
  it('the tables themselves (what the JSON export is, and the PDF and its PNG pages are drawn from)', () => {
    fc.assert(
      fc.property(ledger, turnover, consolidation, (movements, t, c) => {
        for (const table of documentOf(movements, [t, c]).tables)
          expectFoots({
            title: table.title,
            rows: table.rows.map(([label, ...cells]) => ({
              label: String(label).trim(),
              item: String(label).startsWith('  '),
              cells: cells.map((x) => (typeof x === 'number' ? x : null)),
            })),
          });
      }),
      { numRuns: 200 },
    );
  });

  it('the comparison columns too: the comparison (a period, or a budget) and the change, as the statements show them', () => {
    fc.assert(
      fc.property(ledger, ledger, fc.boolean(), (movements, other, budget) => {
        const tables = comparedTables(movements, other, budget);
        for (const table of tables) {
          expect(table.columns.slice(budget ? -3 : -1)).toEqual(
            budget ? ['Budsjett', 'Avvik', 'Avvik %'] : ['Endring'],
          );
          // A percentage is no sum of the ones under it: every other column must foot.
          const summed = table.kinds.map((k, i) => (i > 0 && k !== 'percent' ? i : -1)).filter((i) => i > 0);
          expectFoots({
            title: table.title,
            rows: table.rows.map((row) => ({
              label: String(row[0]).trim(),
              item: String(row[0]).startsWith('  '),
              cells: summed.map((i) => (typeof row[i] === 'number' ? (row[i] as number) : null)),
            })),
          });
        }
      }),
      { numRuns: 100 },
    );
  });

  it('the PDF draws those comparison columns, each figure under its own heading (the PNG is its pages)', async () => {
    await fc.assert(
      fc.asyncProperty(ledger, ledger, fc.boolean(), async (movements, other, budget) => {
        // The P&L and the balance sheet: the cash flow's columns are the same kind.
        const tables = comparedTables(movements, other, budget).slice(0, 2);
        const file = await writePdf({
          board: 'Fot AS',
          sources: [],
          startDate: period.startDate,
          endDate: period.endDate,
          exportedAt: '2026-04-01',
          lang: 'nor',
          sections: tables.map((table) => ({ table, chart: null, note: null })),
        });
        const drawn = readTables(await readBack(file), tables);
        expect(drawn.map((x) => x.title)).toEqual(tables.map((x) => x.title));
        expect(drawn.map((x) => x.rows.map((r) => r.cells.slice(1).map(number)))).toEqual(
          tables.map((x) =>
            x.rows.map(([, ...cells]) =>
              cells.map((v, i) =>
                x.kinds[i + 1] === 'percent' && v !== null
                  ? number(cellText(v, 'percent')) // '>999 %' beyond the limit: drawn as its text
                  : typeof v !== 'number'
                    ? null
                    : v,
              ),
            ),
          ),
        );
      }),
      { numRuns: 12 },
    );
  }, 90_000);

  it('CSV, Excel, PDF and the assistant context, read back', async () => {
    await fc.assert(
      fc.asyncProperty(ledger, turnover, consolidation, async (movements, t, c) => {
        const doc = documentOf(movements, [t, c]);
        const titles = doc.tables.map((x) => x.title);
        const reads = [
          readCsv(writeCsv(doc)),
          await readXlsx(await writeXlsx(doc), titles),
          await readPdf(doc, movements),
          readContext(
            buildContext({ board: 'Fot AS', startDate: '', endDate: '', lang: 'nor', tables: doc.tables }, 1e9),
          ),
        ];
        const notes = new Set(doc.tables.map((x) => x.note));
        for (const [i, read] of reads.entries()) {
          expect(
            read.map((x) => x.title),
            `reader ${i}`,
          ).toEqual(titles);
          for (const table of read) expectFoots({ ...table, rows: table.rows.filter((r) => !notes.has(r.label)) });
          expectShared(read, `reader ${i}`);
        }
      }),
      { numRuns: 40 },
    );
    // Each run writes a PDF and reads it back with pdf.js: slower than the other readers.
  }, 90_000);
});
