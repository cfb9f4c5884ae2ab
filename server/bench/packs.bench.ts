/**
 * Report packs at size (issue 30): one pack of about twelve pages (cover, contents, the three statements
 * against last year over twelve months, every KPI of the library, two widgets, commentary with live figures,
 * notes and observations) rendered to PDF for the demo company under a firm's profile, as a send renders
 * it (features/report-packs/render.ts). Prints `pack of N pages rendered: p50 X ms, p95 Y ms` and the
 * PDF's size. Then the scheduled half (pack-schedules.ts): `scheduled` companies' packs scheduled for the
 * same moment, rendered and sent to a local SMTP server, with the total time and peak memory.
 *
 * Usage: npm run bench:packs -w @saldo/server [rounds] [scheduled packs, default 500; 0 skips]
 */
import { kpiIds } from '@saldo/contract/kpis/kpis';
import type { PackSection } from '@saldo/contract/report-packs/sections';
import { brandingOf } from '../src/features/exports/branding-of.ts';
import { readBack } from '../src/features/exports/pdf/read-back.ts';
import { firmBranding } from '../src/features/firm/branding.ts';
import { renderPack } from '../src/features/report-packs/render.ts';
import { internalReader } from '../src/http/internal-api.ts';
import { logTo } from '../src/ops/log.ts';
import { createTestApp } from '../src/test/create-test-app.ts';
import { benchScheduledPacks } from './pack-schedules.ts';
import { percentile, timedRuns } from './timing.ts';

// The app runs in this process: its access lines would bury the figures.
logTo(process.stdout, 'warn');

const ROUNDS = Number(process.argv[2] ?? 20);
const SCHEDULED = Number(process.argv[3] ?? 500);
const PERIOD = { startDate: '2025-01-01', endDate: '2025-12-31' };
const SECTIONS: PackSection[] = [
  { kind: 'cover' },
  { kind: 'contents' },
  {
    kind: 'commentary',
    text: 'Driftsinntektene ble {{line:revenue}} kr mot {{line:revenue:compare}} kr i fjor ({{line:revenue:change}}).',
    compare: 'lastYear',
  },
  { kind: 'profitLoss', compare: 'lastYear' },
  { kind: 'balanceSheet', compare: 'lastYear' },
  { kind: 'cashFlow', compare: 'lastYear' },
  { kind: 'kpis', kpiIds: [...kpiIds], compare: 'lastYear' },
  { kind: 'widget', widgetId: 'top-customers' },
  { kind: 'widget', widgetId: 'profit-loss' },
  { kind: 'commentary', text: 'Resultatet før skatt ble {{line:resultBeforeTax}} kr.', compare: 'lastYear' },
  { kind: 'notes', text: 'Tallene er foreløpige til årsoppgjøret er ferdig.' },
];

const t = await createTestApp();
const token = (await t.login()).jwtToken;
const firm = await t.request('/api/firm', {
  method: 'PUT',
  token,
  body: JSON.stringify({
    name: 'Accountflow AS',
    orgNumber: '918874224',
    primaryColor: '#0B6E4F',
    secondaryColor: '#f4d35e',
    senderName: 'Accountflow Regnskap',
    replyTo: 'post@accountflow.no',
  }),
});
if (firm.status !== 200) throw new Error(`firm profile: ${firm.status} ${await firm.text()}`);
const read = internalReader(async (r: Request) => t.app.fetch(r));
const branding = brandingOf(await firmBranding(t.deps.db, t.boardId));

const render = () =>
  renderPack({
    db: t.deps.db,
    boardId: t.boardId,
    sources: [t.apiAccountId],
    pack: { id: 'bench', name: 'Årsrapport', sections: SECTIONS },
    ...PERIOD,
    lang: 'nor',
    read: (path) => read(path, token),
    branding,
    observations: ['Salgsinntekten økte mot samme periode i fjor.', 'Lønnskostnadene falt i andre halvår.'],
    renderedAt: '2026-01-05',
  });

const first = await render();
const pages = (await readBack(new Uint8Array(first.pdf))).pages;
const times = await timedRuns(render, ROUNDS);
const at = (q: number) => percentile(times, q).toFixed(0);
console.log(
  `pack of ${pages} pages rendered: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${ROUNDS} rounds, ${(first.pdf.length / 1024).toFixed(0)} KB, ${first.figures.length} figures; Node ${process.version})`,
);
if (SCHEDULED > 0) await benchScheduledPacks(SCHEDULED);
