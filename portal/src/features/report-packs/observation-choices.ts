// What the accountant made of the observations proposed for a pack (kept, edited or dropped), and what
// of them goes on: the kept texts with the pack, the kept observations to the assistant.
import type { Observation } from '@saldo/contract/types/observations';

/** What the accountant made of one proposed observation: kept (with its text as edited) or dropped. */
export type ObservationChoice = { state: 'kept' | 'dropped'; text: string; editing?: boolean };
export type ObservationChoices = Record<string, ObservationChoice>;

/** The kept observations with their texts as edited, in the proposal's order (what the assistant may reword). */
export function keptObservations(
  list: readonly Observation[],
  choices: ObservationChoices,
): Array<{ id: string; text: string }> {
  return list.flatMap((o) => {
    const choice = choices[o.id];
    return choice?.state === 'kept' && choice.text.trim() ? [{ id: o.id, text: choice.text.trim() }] : [];
  });
}

/** The texts of the kept observations, in the proposal's order: what is sent with the pack. */
export const keptTexts = (list: readonly Observation[], choices: ObservationChoices): string[] =>
  keptObservations(list, choices).map((k) => k.text);
