/**
 * Firm templates (issue 29): a board's dashboard (its widgets and their places, its sub-boards), its
 * KPIs (the board's `kpi:<id>` widgets and its custom widgets: the product keeps a board's KPIs as
 * widgets) saved once and applied to many boards. The body is versioned: `version` names its shape;
 * `reports` holds the report pack saved with it (issue 30), or null (every template saved before packs).
 */
import { z } from 'zod';
import { boardRole } from './boards.ts';
import { userLanguage } from './common.ts';
import { packSections } from './report-packs.ts';
import { lineText } from './text.ts';
import { accountPattern, ratioOperand } from './widgets.ts';

const view = z.enum(['single', 'comparison']);

/** A widget as a template holds it: a catalogue widget by its type (and choice), a custom one by its `ref`. */
export const templateWidget = z.strictObject({
  id: z.string().min(1).max(100),
  name: lineText(100),
  widget: z.string().min(1).max(50),
  x: z.number().int().min(0).max(1000),
  y: z.number().int().min(0).max(10_000),
  width: z.number().int().min(1).max(48),
  height: z.number().int().min(1).max(100),
  view,
  note: z.string().max(1000).nullable(),
});

/**
 * A custom widget (an account range or a ratio) the template's widgets name by `ref`; each apply makes
 * its own copy, checked by the same rules as a custom widget the form makes (the server's widgets/custom.ts).
 */
export const templateCustomWidget = z.strictObject({
  ref: z.string().min(1).max(100),
  name: lineText(100).min(1),
  type: z.enum(['accountRange', 'ratio']),
  accounts: z.strictObject({
    range: accountPattern.optional(),
    dividend: ratioOperand.optional(),
    divisor: ratioOperand.optional(),
  }),
  view,
  note: z.string().max(1000).nullable(),
});

/**
 * A report pack as a template carries it (issue 30): one of the board's packs, saved with the template;
 * applied, each board gets its own copy.
 */
export const templatePack = z.strictObject({
  name: lineText(100).min(1),
  language: userLanguage,
  sections: packSections,
});

const widgetList = z
  .array(templateWidget)
  .max(100)
  .refine((ws) => new Set(ws.map((w) => w.id)).size === ws.length, { message: 'TEMPLATE_BODY_INVALID' });

/** Version 1 of a template's body. Every refusal of it is TEMPLATE_BODY_INVALID. */
export const templateBodyV1 = z
  .strictObject({
    version: z.literal(1),
    widgets: widgetList,
    subBoards: z.array(z.strictObject({ name: lineText(100).min(1), widgets: widgetList })).max(50),
    customWidgets: z.array(templateCustomWidget).max(100),
    /** The report pack saved with the template (issue 30), or none. */
    reports: templatePack.nullable(),
  })
  .refine(
    (b) => {
      const refs = new Set(b.customWidgets.map((c) => c.ref));
      const all = [...b.widgets, ...b.subBoards.flatMap((s) => s.widgets)];
      return refs.size === b.customWidgets.length && all.every((w) => w.widget !== 'custom' || refs.has(w.id));
    },
    { message: 'TEMPLATE_BODY_INVALID' },
  );

/** A template's body, by its version (one so far). */
export const templateBody = templateBodyV1;

/** GET /api/templates: a firm's template as listed. */
export const firmTemplate = z.strictObject({
  _id: z.string(),
  name: z.string(),
  /** The firm: the user whose boards these are (a board's owner). */
  firmId: z.string(),
  firmName: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The caller's place in the firm: the owner, or their highest role on the firm's boards. */
  role: boardRole,
  body: templateBodyV1,
  /** The KPIs of the library its widgets show (`kpi:<id>`), main board and sub-boards. */
  kpis: z.array(z.string()),
});

/** POST /api/templates: save a board's dashboard and KPIs under a name, and one of its report packs (`packId`). */
export const templateCreate = z.strictObject({
  name: lineText(100).min(1),
  fromGroupId: z.string().min(1).max(100),
  packId: z.string().min(1).max(100).optional(),
});

/** POST /api/templates/{id}/apply: the boards (at most 500) and how: replace each board's dashboard, or add to it. */
export const templateApply = z.strictObject({
  groupIds: z.array(z.string().min(1).max(100)).min(1).max(500),
  mode: z.enum(['replace', 'add']),
});

/** One board's outcome of an apply: applied, or refused with its error code (nothing of it changed). */
export const templateApplyResult = z.strictObject({
  groupId: z.string(),
  ok: z.boolean(),
  code: z.string().nullable(),
  message: z.string().nullable(),
});

export const templateApplyResponse = z.strictObject({
  templateId: z.string(),
  mode: z.enum(['replace', 'add']),
  applied: z.number().int(),
  refused: z.number().int(),
  results: z.array(templateApplyResult),
});

/** POST /api/templates/undo: put one board back as it was before its last apply. */
export const templateUndo = z.strictObject({ groupId: z.string().min(1).max(100) });

/** GET /api/templates/undo?groupId=: whether a board has an apply to undo, and which. */
export const templateUndoState = z.strictObject({
  groupId: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  appliedAt: z.string().nullable(),
});
