/**
 * Report packs (issue 30): the request and answer schemas of /api/report-packs. A pack is a board's
 * ordered list of sections in one language; its commentary's placeholders are checked by the server
 * at save time (placeholders.ts), and filled in by the preview (fill.ts).
 */
import { z } from 'zod';
import { MAX_PACK_SECTIONS, MAX_PACK_TEXT, type PackSection } from '../report-packs/sections.ts';
import { comparison, kpiId, userLanguage } from './common.ts';
import { CONTROL, email, isoDate, lineText } from './text.ts';

const statementCompare = z.enum(['previous', 'lastYear', 'budget', 'none']);
/** A section's text: at most MAX_PACK_TEXT characters, line breaks kept. */
const sectionText = z.string().max(MAX_PACK_TEXT, 'PACK_TEXT_TOO_LONG');
const figureCompare = comparison.default('lastYear');

export const packSection = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('cover') }),
  z.strictObject({ kind: z.literal('contents') }),
  z.strictObject({ kind: z.literal('profitLoss'), compare: statementCompare }),
  z.strictObject({ kind: z.literal('balanceSheet'), compare: statementCompare }),
  z.strictObject({ kind: z.literal('cashFlow'), compare: statementCompare }),
  z.strictObject({
    kind: z.literal('kpis'),
    kpiIds: z
      .array(kpiId)
      .max(50)
      .refine((ids) => new Set(ids).size === ids.length, 'VALIDATION_FAILED'),
    compare: figureCompare,
  }),
  z.strictObject({ kind: z.literal('widget'), widgetId: z.string().min(1).max(100) }),
  z.strictObject({ kind: z.literal('notes'), text: sectionText }),
  z.strictObject({ kind: z.literal('commentary'), text: sectionText, compare: figureCompare }),
]);

export const packSections = z.array(packSection).max(MAX_PACK_SECTIONS, 'PACK_TOO_MANY_SECTIONS');

/** A pack's name: one line, 1–100 characters. */
const packName = lineText(100).min(1);

/** POST /api/report-packs/{groupId}: a name alone makes the default pack; the language is the creator's unless given. */
export const packCreate = z.strictObject({
  name: packName,
  language: userLanguage.optional(),
  sections: packSections.optional(),
});

/** PUT /api/report-packs/{groupId}/{packId}: a field left out keeps its value. */
export const packUpdate = z.strictObject({
  name: packName.optional(),
  language: userLanguage.optional(),
  sections: packSections.optional(),
});

export const reportPack = z.strictObject({
  _id: z.string(),
  groupId: z.string(),
  name: z.string(),
  language: userLanguage,
  sections: z.array(packSection),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** POST …/preview: the period the pack is shown for. */
export const packPreviewRequest = z.strictObject({ startDate: isoDate, endDate: isoDate });

const range = z.strictObject({ startDate: z.string(), endDate: z.string() });

/** A figure as the preview shows it: the numbers (øre, or a KPI's unit) and their texts. */
const shownPair = {
  value: z.number().nullable(),
  compare: z.number().nullable(),
  change: z.number().nullable(),
};

const filledPlaceholder = z.strictObject({
  source: z.enum(['line', 'kpi']),
  id: z.string(),
  part: z.enum(['value', 'compare', 'change']),
  raw: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  ...shownPair,
  text: z.string(),
});

const titled = { title: z.string() };

export const previewSection = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('cover'), ...titled, board: z.string(), period: z.string() }),
  z.strictObject({ kind: z.literal('contents'), ...titled, entries: z.array(z.string()) }),
  z.strictObject({
    kind: z.enum(['profitLoss', 'balanceSheet', 'cashFlow']),
    ...titled,
    compare: statementCompare,
    period: range,
  }),
  z.strictObject({
    kind: z.literal('kpis'),
    ...titled,
    compare: comparison,
    comparison: range,
    kpis: z.array(
      z.strictObject({
        id: kpiId,
        title: z.string(),
        ...shownPair,
        valueText: z.string(),
        compareText: z.string(),
        changeText: z.string(),
      }),
    ),
  }),
  z.strictObject({ kind: z.literal('widget'), ...titled, widgetId: z.string(), widget: z.string().nullable() }),
  z.strictObject({ kind: z.literal('notes'), ...titled, text: z.string() }),
  z.strictObject({
    kind: z.literal('commentary'),
    ...titled,
    compare: comparison,
    comparison: range,
    text: z.string(),
    figures: z.array(filledPlaceholder),
  }),
]);

/** A pack's sections resolved for a period: texts filled in, in the pack's language. */
export const packPreview = z.strictObject({
  packId: z.string(),
  name: z.string(),
  language: userLanguage,
  /** The period's booked part (what the figures cover). */
  period: range,
  /** The last month with postings on the board's sources; null when none. */
  lastBookedMonth: z.string().nullable(),
  sections: z.array(previewSection),
});

export type ReportPack = z.output<typeof reportPack>;
export type PackCreate = z.input<typeof packCreate>;
export type PackUpdate = z.input<typeof packUpdate>;
export type PackPreview = z.output<typeof packPreview>;
export type PreviewSection = z.output<typeof previewSection>;

// The schema and the zod-free type say the same (sections.ts is what the portal's editor reads).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const SECTION_TYPES_AGREE: Same<z.output<typeof packSection>, PackSection> = true;

/** The most recipients of one sent pack, and the longest message with it. */
export const MAX_PACK_RECIPIENTS = 20;
export const MAX_PACK_MESSAGE = 2_000;
/** The most kept observations a sent pack prints, and the longest one. */
export const MAX_PACK_OBSERVATIONS = 30;
export const MAX_PACK_OBSERVATION = 1_000;

/** Who gets a sent or scheduled pack: 1–MAX_PACK_RECIPIENTS distinct e-mail addresses. */
export const packRecipients = z
  .array(email)
  .min(1)
  .max(MAX_PACK_RECIPIENTS)
  .refine((list) => new Set(list).size === list.length, 'VALIDATION_FAILED');

/** The accountant's message with a sent or scheduled pack, line breaks kept. */
export const packMessage = z
  .string()
  .max(MAX_PACK_MESSAGE)
  .refine((text) => !CONTROL.test(text), 'VALIDATION_FAILED')
  .default('');

/** POST …/send: the period, who gets the pack (distinct e-mail addresses), and the accountant's message. */
export const packSendRequest = z.strictObject({
  startDate: isoDate,
  endDate: isoDate,
  recipients: packRecipients,
  message: packMessage,
  /** The observations the accountant kept, as they read them (a pack keeps none of its own): printed at its end. */
  observations: z.array(sectionText.max(MAX_PACK_OBSERVATION)).max(MAX_PACK_OBSERVATIONS).default([]),
});

/** A sent pack as listed: what was sent, to whom, when, by whom, and the bytes' SHA-256. */
export const packSnapshot = z.strictObject({
  _id: z.string(),
  groupId: z.string(),
  packId: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  language: userLanguage,
  recipients: z.array(z.string()),
  sentBy: z.string().nullable(),
  sentAt: z.string(),
  /** SHA-256 of the PDF's bytes, hex. */
  contentHash: z.string(),
  /** The PDF's size in bytes. */
  bytes: z.number().int(),
  /** The sources' data version the pack's figures were read at. */
  dataVersion: z.string(),
  /** How many figures the pack showed. */
  figureCount: z.number().int(),
  /** Until when the mailed read-only link opens the snapshot. */
  linkExpiresAt: z.string(),
});

/** A figure whose live value differs from the one the sent pack showed. */
export const snapshotChange = z.strictObject({
  id: z.string(),
  label: z.string(),
  sent: z.union([z.number(), z.string(), z.null()]),
  now: z.union([z.number(), z.string(), z.null()]),
});

/** A voucher of the period booked, changed or removed since the pack was sent: its debit total then and now (øre). */
export const snapshotVoucher = z.strictObject({
  date: z.string(),
  voucher: z.string(),
  description: z.string().nullable(),
  debitSent: z.number().int().nullable(),
  debitNow: z.number().int().nullable(),
});

/** The most vouchers each list of the changes names. */
export const MAX_CHANGED_VOUCHERS = 200;

/** GET …/snapshots/{id}/changes: the figures that moved since the pack was sent, and the data versions. */
export const snapshotChanges = z.strictObject({
  snapshotId: z.string(),
  sentAt: z.string(),
  dataVersionThen: z.string(),
  dataVersionNow: z.string(),
  /** Whether the ledger has been synced since (the versions differ). */
  synced: z.boolean(),
  changes: z.array(snapshotChange),
  /** Figures the sent pack showed that the live pack no longer shows, and the reverse. */
  gone: z.array(z.string()),
  added: z.array(z.string()),
  /**
   * The period's vouchers booked, changed (their debit total) or removed since, as the sync keeps them
   * (at most MAX_CHANGED_VOUCHERS each, `counts` says how many); null when the snapshot kept none (a
   * period of more vouchers than it keeps).
   */
  vouchers: z
    .strictObject({
      added: z.array(snapshotVoucher),
      changed: z.array(snapshotVoucher),
      removed: z.array(snapshotVoucher),
      counts: z.strictObject({ added: z.number().int(), changed: z.number().int(), removed: z.number().int() }),
    })
    .nullable(),
});

/** GET /api/public/pack-snapshots/{secret}/info: what the mailed link's page shows around the PDF (no login). */
export const publicPackSnapshot = z.strictObject({
  name: z.string(),
  board: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  language: userLanguage,
  sentAt: z.string(),
  /** SHA-256 of the PDF's bytes, hex: what the reader holds is what was sent. */
  contentHash: z.string(),
  linkExpiresAt: z.string(),
  /** The firm that sent it (name and colours), null without a profile. */
  firm: z.strictObject({ name: z.string(), primaryColor: z.string(), secondaryColor: z.string() }).nullable(),
});

export type PackSendRequest = z.input<typeof packSendRequest>;
export type PackSnapshot = z.output<typeof packSnapshot>;
export type SnapshotChanges = z.output<typeof snapshotChanges>;
