import type { CitedFigure, Observation, RewrittenObservations } from '@saldo/contract';
import { uncitedNumbers } from '@saldo/contract/observations/cited-numbers';
import { ApiError } from '../../http/errors.ts';
import type { ChatMessage, LlmClient } from '../assistant/llm-client.ts';

type Lang = 'nor' | 'en';
const TEXT = { nor: 'no', en: 'en' } as const;

/** What the model is told: reword one observation, with its figures as a table of label and value. */
function prompt(observation: Observation, text: string, lang: Lang): ChatMessage[] {
  const l = TEXT[lang];
  const rows = observation.figures.map((f) => `${f.label[l]};${f.shown[l]}`).join('\n');
  const rules =
    lang === 'nor'
      ? 'Skriv observasjonen om til én klar setning for et styre. Bruk bare tallene i tabellen, slik de står der; ingen andre tall. Svar på norsk.'
      : 'Reword the observation as one clear sentence for a board of directors. Use only the numbers in the table, as written there; no other numbers. Answer in English.';
  return [
    {
      role: 'system',
      content: `${rules}\n\n## ${observation.id}\n${lang === 'nor' ? 'Tall;Verdi' : 'Figure;Value'}\n${rows}\n`,
    },
    { role: 'user', content: text },
  ];
}

/** The numbers a sentence may hold: its figures as shown and named, and their dates. */
const allowedOf = (figures: readonly CitedFigure[], lang: Lang) =>
  figures.flatMap((f) => [f.shown[TEXT[lang]], f.label[TEXT[lang]], f.startDate, f.endDate]);

/**
 * Each kept observation reworded by the model, one call each, and checked: a rewording that holds a
 * number the observation's figures do not show is refused, and the accountant's own text stands.
 */
export async function rewriteObservations(
  llm: LlmClient,
  proposed: readonly Observation[],
  keep: ReadonlyArray<{ id: string; text: string }>,
  lang: Lang,
): Promise<RewrittenObservations> {
  const byId = new Map(proposed.map((o) => [o.id, o]));
  const kept = keep.map((k) => {
    const observation = byId.get(k.id);
    if (!observation) throw new ApiError('OBSERVATION_NOT_FOUND');
    return { observation, text: k.text };
  });
  let model = llm.model;
  const observations = [];
  for (const { observation, text } of kept) {
    const answer = await llm.complete(prompt(observation, text, lang));
    model = answer.model;
    const reworded = answer.text.trim();
    const uncited = uncitedNumbers(reworded, allowedOf(observation.figures, lang));
    const rewritten = reworded !== '' && uncited.length === 0;
    observations.push({
      id: observation.id,
      text: rewritten ? reworded : text,
      rewritten,
      uncited,
      figures: observation.figures,
    });
  }
  return { observations, model };
}
