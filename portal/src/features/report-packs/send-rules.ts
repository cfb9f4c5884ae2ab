import { validateRecipient } from '../share/share-rules';

/**
 * The contract's MAX_PACK_RECIPIENTS and MAX_PACK_MESSAGE (send-rules.test.ts holds them equal): its
 * schemas module is zod's, which the portal's bundle leaves out (zod's eval probe breaks the CSP).
 */
export const MAX_PACK_RECIPIENTS = 20;
export const MAX_PACK_MESSAGE = 2_000;

/** Why a recipient list cannot be sent: an i18n key and what it names. */
export type RecipientsProblem =
  | { key: 'reportPacks.send.recipientsRequired' }
  | { key: 'reportPacks.send.recipientInvalid'; email: string }
  | { key: 'reportPacks.send.tooManyRecipients'; max: number };

/** A typed list ('a@x.no, b@x.no; c@x.no' or one a line): each address once (ignoring case), in order. */
export function recipientsOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .filter((email) => {
      const key = email.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** At least one address, each one valid, at most MAX_PACK_RECIPIENTS. */
export function recipientsProblem(list: readonly string[]): RecipientsProblem | null {
  if (list.length === 0) return { key: 'reportPacks.send.recipientsRequired' };
  const bad = list.find((email) => validateRecipient(email) !== null);
  if (bad) return { key: 'reportPacks.send.recipientInvalid', email: bad };
  if (list.length > MAX_PACK_RECIPIENTS) return { key: 'reportPacks.send.tooManyRecipients', max: MAX_PACK_RECIPIENTS };
  return null;
}
