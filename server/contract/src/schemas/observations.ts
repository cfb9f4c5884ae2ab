// Observations a report pack proposes (issue 30): sentences made by rules over a board's figures, in
// nor and en, each citing the figures it rests on. The accountant keeps, edits or drops each.
import { z } from 'zod';
import { OBSERVATION_RULES } from '../observations/rules.ts';
import { kpiUnit, lang, localizedText } from './common.ts';
import { isoDate } from './text.ts';

/** A figure an observation rests on: what it is, over which months, its value and how it is shown. */
export const citedFigure = z.strictObject({
  /** 'line:payroll', 'account:5000', 'kpi:operating-margin', 'month:2025-07:revenue', 'median:revenue'. */
  ref: z.string(),
  label: localizedText,
  startDate: z.string(),
  endDate: z.string(),
  /** Øre for an amount; a KPI's integer (ten-thousandths) for any other unit; a change in tenths of a percent. */
  value: z.number(),
  unit: z.union([kpiUnit, z.literal('change')]),
  /** As the sentence shows it, in each language ('1 234 568 kr', '41,2 %'). */
  shown: localizedText,
  /** Where it drills to: the board's statement at a line (the statement element's data-line or data-group). */
  drill: z.strictObject({ statement: z.enum(['profit', 'balanceSheet']), line: z.string() }).nullable(),
});

export const observationRule = z.enum(OBSERVATION_RULES);

export const observation = z.strictObject({
  /** Stable over a period's figures: the rule and its subject ('line-change:payroll'). */
  id: z.string(),
  rule: observationRule,
  text: localizedText,
  figures: z.array(citedFigure),
});

export const observations = z.strictObject({
  startDate: z.string(),
  endDate: z.string(),
  compare: z.enum(['previous', 'lastYear']),
  /** The comparison's months, like for like with the booked months. */
  comparison: z.strictObject({ startDate: z.string(), endDate: z.string() }),
  observations: z.array(observation),
});

/** Kept observations to reword: each by its id in the period's proposal, as the accountant left its text. */
export const rewriteObservationsRequest = z.strictObject({
  startDate: isoDate,
  endDate: isoDate,
  compare: z.enum(['previous', 'lastYear']).default('lastYear'),
  lang,
  keep: z
    .array(z.strictObject({ id: z.string().min(1).max(200), text: z.string().trim().min(1).max(1000) }))
    .min(1)
    .max(20),
});

/**
 * Each kept observation reworded, or its own text where the rewording named a number its figures do
 * not show (`uncited`: those numbers, so the portal can say why).
 */
export const rewrittenObservations = z.strictObject({
  observations: z.array(
    z.strictObject({
      id: z.string(),
      text: z.string(),
      rewritten: z.boolean(),
      uncited: z.array(z.string()),
      figures: z.array(citedFigure),
    }),
  ),
  model: z.string(),
});
