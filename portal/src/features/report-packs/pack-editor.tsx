import { kpiIds, kpiLibrary } from '@saldo/contract/kpis/kpis';
import {
  PLACEHOLDER_PARTS,
  type PlaceholderPart,
  type PlaceholderRef,
  parsePlaceholders,
  placeholderChoices,
  placeholderProblemText,
  placeholderText,
} from '@saldo/contract/report-packs/placeholders';
import {
  type PackSection,
  type PackSectionKind,
  SECTION_TITLES,
  sectionTitle,
} from '@saldo/contract/report-packs/sections';
import type { ReportPack } from '@saldo/contract/schemas/report-packs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Choice } from '../../components/choice';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { ApiError } from '../../lib/api';
import { toLanguage } from '../../lib/i18n';
import { PackPreviewPanel } from './pack-preview';
import { updatePack } from './queries';

const KINDS = Object.keys(SECTION_TITLES) as PackSectionKind[];
const STATEMENT_COMPARES = ['lastYear', 'previous', 'budget', 'none'] as const;

/** A new section of a kind, as the editor adds it. */
function newSection(kind: PackSectionKind): PackSection {
  if (kind === 'profitLoss' || kind === 'balanceSheet' || kind === 'cashFlow') return { kind, compare: 'lastYear' };
  if (kind === 'kpis') return { kind, kpiIds: [], compare: 'lastYear' };
  if (kind === 'widget') return { kind, widgetId: '' };
  if (kind === 'notes') return { kind, text: '' };
  if (kind === 'commentary') return { kind, text: '', compare: 'lastYear' };
  return { kind };
}

/** A pack's sections edited in place: reordered, added, removed, their texts written; saved with PUT. */
export function PackEditor({ boardId, pack }: { boardId: string; pack: ReportPack }) {
  const { t, i18n } = useTranslation();
  const ui = toLanguage(i18n.language);
  const errorText = useErrorText();
  const notify = useNotify();
  const client = useQueryClient();
  const [name, setName] = useState(pack.name);
  const [language, setLanguage] = useState(pack.language);
  // Each section with a key of its own, so a moved section keeps its place in the page (and its cursor).
  const counter = useRef(0);
  const keyed = (section: PackSection) => ({ key: counter.current++, section });
  const [items, setItems] = useState(() => pack.sections.map(keyed));
  const sections = items.map((i) => i.section);
  const [adding, setAdding] = useState<PackSectionKind>('commentary');
  const [problems, setProblems] = useState<string[]>([]);
  const id = useId();

  const save = useMutation({
    mutationFn: () => updatePack(boardId, pack._id, { name: name.trim(), language, sections }),
    onSuccess: () => {
      setProblems([]);
      notify('reportPacks.saved');
      void client.invalidateQueries({ queryKey: ['report-packs', boardId] });
    },
    onError: (error) => {
      // A placeholder that names nothing comes back with its place, in both languages.
      const details = error instanceof ApiError && Array.isArray(error.details) ? error.details : [];
      const placed = details.flatMap((d: { no?: string; en?: string }) =>
        d.no && d.en ? [ui === 'en' ? d.en : d.no] : [],
      );
      setProblems([errorText(errorCodeOf(error)), ...placed]);
    },
  });

  const change = (index: number, next: PackSection) =>
    setItems((all) => all.map((item, i) => (i === index ? { ...item, section: next } : item)));
  const move = (index: number, by: -1 | 1) =>
    setItems((all) => {
      const to = index + by;
      if (to < 0 || to >= all.length) return all;
      const next = [...all];
      [next[index], next[to]] = [next[to]!, next[index]!];
      return next;
    });

  return (
    <section className="card card__body report-packs" data-testid="pack-editor">
      <h2 className="card__title">{t('reportPacks.editor')}</h2>
      <div className="report-packs__head">
        <label htmlFor={`${id}-name`}>{t('reportPacks.name')}</label>
        <input id={`${id}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <Choice
          label={t('reportPacks.language')}
          value={language}
          options={[
            ['nor', t('reportPacks.languages.nor')],
            ['en', t('reportPacks.languages.en')],
          ]}
          onChange={setLanguage}
          testId="pack-language"
        />
      </div>
      <ol className="report-packs__sections">
        {items.map(({ key, section }, index) => (
          <li key={key} className="report-packs__section" data-testid="pack-section">
            <div className="report-packs__section-head">
              <strong>{sectionTitle(section.kind, ui)}</strong>
              <Button kind="ghost" small onClick={() => move(index, -1)} aria-label={t('reportPacks.up')}>
                ↑
              </Button>
              <Button kind="ghost" small onClick={() => move(index, 1)} aria-label={t('reportPacks.down')}>
                ↓
              </Button>
              <Button
                kind="danger-ghost"
                small
                onClick={() => setItems((all) => all.filter((_, i) => i !== index))}
                aria-label={t('reportPacks.remove')}
                data-testid="pack-section-remove"
              >
                ✕
              </Button>
            </div>
            <SectionFields section={section} onChange={(next) => change(index, next)} />
          </li>
        ))}
      </ol>
      <div className="report-packs__add">
        <Choice
          label={t('reportPacks.addKind')}
          value={adding}
          options={KINDS.map((kind) => [kind, sectionTitle(kind, ui)] as const)}
          onChange={setAdding}
          testId="pack-add-kind"
        />
        <Button
          kind="secondary"
          small
          onClick={() => setItems((all) => [...all, keyed(newSection(adding))])}
          data-testid="pack-section-add"
        >
          {t('reportPacks.add')}
        </Button>
        <Button kind="primary" onClick={() => save.mutate()} disabled={save.isPending} data-testid="pack-save">
          {t('reportPacks.save')}
        </Button>
      </div>
      {problems.length > 0 && (
        <div className="banner banner--error" role="alert" data-testid="pack-problems">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </div>
      )}
      <PackPreviewPanel boardId={boardId} packId={pack._id} />
    </section>
  );
}

/** The fields of one section: its comparison, its KPIs, its widget or its text. */
function SectionFields({ section, onChange }: { section: PackSection; onChange: (next: PackSection) => void }) {
  const { t, i18n } = useTranslation();
  const ui = toLanguage(i18n.language);
  if (section.kind === 'profitLoss' || section.kind === 'balanceSheet' || section.kind === 'cashFlow')
    return (
      <Choice
        label={t('reportPacks.compare')}
        value={section.compare}
        options={STATEMENT_COMPARES.map((c) => [c, t(`reportPacks.compares.${c}`)] as const)}
        onChange={(compare) => onChange({ ...section, compare })}
        testId="pack-section-compare"
      />
    );
  if (section.kind === 'kpis')
    return (
      <select
        multiple
        aria-label={t('reportPacks.kpis')}
        value={section.kpiIds}
        onChange={(e) =>
          onChange({
            ...section,
            kpiIds: kpiIds.filter((k) => [...e.target.selectedOptions].some((o) => o.value === k)),
          })
        }
      >
        {kpiLibrary.map((k) => (
          <option key={k.id} value={k.id}>
            {ui === 'en' ? k.title.en : k.title.no}
          </option>
        ))}
      </select>
    );
  if (section.kind === 'widget')
    return (
      <input
        aria-label={t('reportPacks.widgetId')}
        value={section.widgetId}
        maxLength={100}
        onChange={(e) => onChange({ ...section, widgetId: e.target.value })}
      />
    );
  if (section.kind === 'notes' || section.kind === 'commentary')
    return <TextFields section={section} onChange={onChange} />;
  return null;
}

/** A notes or commentary text; a commentary's placeholders are picked from a list and checked as it is typed. */
function TextFields({
  section,
  onChange,
}: {
  section: Extract<PackSection, { kind: 'notes' | 'commentary' }>;
  onChange: (next: PackSection) => void;
}) {
  const { t, i18n } = useTranslation();
  const ui = toLanguage(i18n.language);
  // Where the cursor last stood in the text (a click on the picker takes the focus away); none: the end.
  const cursor = useRef<number | null>(null);
  const choices = placeholderChoices(ui);
  const [picked, setPicked] = useState(`${choices[0]!.source}:${choices[0]!.id}`);
  const [part, setPart] = useState<PlaceholderPart>('value');
  const insert = () => {
    const [source, id] = picked.split(':') as [PlaceholderRef['source'], string];
    const text = placeholderText({ source, id, part } as PlaceholderRef);
    const at = Math.min(cursor.current ?? section.text.length, section.text.length);
    onChange({ ...section, text: `${section.text.slice(0, at)}${text}${section.text.slice(at)}` });
    cursor.current = at + text.length;
  };
  const problems = section.kind === 'commentary' ? parsePlaceholders(section.text).problems : [];
  return (
    <div className="report-packs__text">
      <textarea
        onSelect={(e) => {
          cursor.current = e.currentTarget.selectionStart;
        }}
        rows={5}
        maxLength={20_000}
        aria-label={sectionTitle(section.kind, ui)}
        value={section.text}
        onChange={(e) => onChange({ ...section, text: e.target.value })}
        data-testid="pack-section-text"
      />
      {section.kind === 'commentary' && (
        <div className="report-packs__picker">
          <Choice
            label={t('reportPacks.figure')}
            value={picked}
            options={choices.map((c) => [`${c.source}:${c.id}`, c.title] as const)}
            onChange={setPicked}
            testId="pack-placeholder-figure"
          />
          <Choice
            label={t('reportPacks.part')}
            value={part}
            options={PLACEHOLDER_PARTS.map((p) => [p, t(`reportPacks.parts.${p}`)] as const)}
            onChange={setPart}
            testId="pack-placeholder-part"
          />
          <Button kind="secondary" small onClick={insert} data-testid="pack-placeholder-insert">
            {t('reportPacks.insert')}
          </Button>
        </div>
      )}
      {problems.map((p) => (
        <p key={p.offset} className="field__error">
          {placeholderProblemText(p, ui)}
        </p>
      ))}
    </div>
  );
}
