// Observations a report pack proposes (issue 30): sentences made by rules over a board's figures, in
// nor and en, each citing the figures it rests on. The accountant keeps, edits or drops each.
import { z } from 'zod';
import { OBSERVATION_RULES } from '../observations/rules.ts';
import { kpiUnit, localizedText } from './common.ts';

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
