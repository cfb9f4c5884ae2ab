/** Spec §5 and §9: an AI question has at least 5 and at most 50 words. */
export const QUESTION_WORDS = { min: 5, max: 50 } as const;

/** Words as the server counts them: runs of non-space characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** An i18n key when the question cannot be sent, null when it can. */
export function validateQuestion(text: string): 'assistant.tooShort' | 'assistant.tooLong' | null {
  const words = countWords(text);
  if (words < QUESTION_WORDS.min) return 'assistant.tooShort';
  if (words > QUESTION_WORDS.max) return 'assistant.tooLong';
  return null;
}
