// A pack's sections resolved for a period (POST …/preview): what the PDF will lay out, as JSON. The
// statements are named with their period (their rows are the statements' own routes); KPIs and the
// commentary's placeholders carry their figures, filled in by the contract's rules (report-packs/fill.ts).

import type { BoardWidget } from '@saldo/contract';
import { kpiDefinition } from '@saldo/contract/kpis/kpis';
import { formatPeriod, type Lang } from '@saldo/contract/numbers/format';
import { fillCommentary, pairChange, pairText } from '@saldo/contract/report-packs/fill';
import { type PackSection, sectionTitle } from '@saldo/contract/report-packs/sections';
import type { PackPreview, PreviewSection } from '@saldo/contract/schemas/report-packs';
import type { PackFigures } from './figures.ts';

interface PreviewInput {
  pack: { id: string; name: string; language: Lang; sections: readonly PackSection[] };
  boardName: string;
  widgets: readonly BoardWidget[];
  figures: PackFigures;
}

function resolveSection(section: PackSection, input: PreviewInput): PreviewSection {
  const { pack, figures } = input;
  const lang = pack.language;
  const title = sectionTitle(section.kind, lang);
  switch (section.kind) {
    case 'cover':
      return {
        kind: 'cover',
        title: pack.name,
        board: input.boardName,
        period: formatPeriod(figures.period.startDate, figures.period.endDate, lang),
      };
    case 'contents':
      return { kind: 'contents', title, entries: [] };
    case 'profitLoss':
    case 'balanceSheet':
    case 'cashFlow':
      return { kind: section.kind, title, compare: section.compare, period: figures.period };
    case 'kpis': {
      const compared = figures.comparison(section.compare);
      return {
        kind: 'kpis',
        title,
        compare: section.compare,
        comparison: compared.range,
        kpis: section.kpiIds.map((id) => {
          const pair = compared.pair({ source: 'kpi', id, part: 'value' });
          const definition = kpiDefinition(id);
          return {
            id,
            title: lang === 'en' ? definition.title.en : definition.title.no,
            value: pair.value,
            compare: pair.compare,
            change: pairChange(pair),
            valueText: pairText(pair, 'value', lang),
            compareText: pairText(pair, 'compare', lang),
            changeText: pairText(pair, 'change', lang),
          };
        }),
      };
    }
    case 'widget': {
      const widget = input.widgets.find((w) => w.id === section.widgetId);
      return {
        kind: 'widget',
        title: widget?.name || title,
        widgetId: section.widgetId,
        // A widget removed from the board since the pack was saved: named, shown as gone.
        widget: widget?.widget ?? null,
      };
    }
    case 'notes':
      return { kind: 'notes', title, text: section.text };
    case 'commentary': {
      const compared = figures.comparison(section.compare);
      const filled = fillCommentary(section.text, compared.pair, lang);
      return {
        kind: 'commentary',
        title,
        compare: section.compare,
        comparison: compared.range,
        text: filled.text,
        figures: filled.figures,
      };
    }
  }
}

/** The pack resolved: each section in order, the contents listing the titles of the sections after the cover and contents. */
export function previewPack(input: PreviewInput): PackPreview {
  const resolved = input.pack.sections.map((s) => resolveSection(s, input));
  const entries = resolved.filter((s) => s.kind !== 'cover' && s.kind !== 'contents').map((s) => s.title);
  return {
    packId: input.pack.id,
    name: input.pack.name,
    language: input.pack.language,
    period: input.figures.period,
    lastBookedMonth: input.figures.lastBookedMonth,
    sections: resolved.map((s) => (s.kind === 'contents' ? { ...s, entries } : s)),
  };
}
