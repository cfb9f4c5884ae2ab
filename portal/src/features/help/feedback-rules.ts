import { FEEDBACK_MAX_CHARS } from '@saldo/contract';

/** The codes a refused message is shown by; any other failure is the spec's 'Error sending feedback'. */
const OWN_CODES = new Set(['FEEDBACK_EMPTY', 'FEEDBACK_TOO_LONG', 'FEEDBACK_RATE_LIMITED', 'FEEDBACK_NOT_CONFIGURED']);

/** What to say about a failed send: the server's reason when it is about the message, else that it failed. */
export function feedbackErrorCode(code: string): string {
  return OWN_CODES.has(code) ? code : 'ERROR_SENDING_FEEDBACK';
}

/** The check the server makes, made before sending: an error code, or null when the message can go. */
export function validateFeedback(message: string): 'FEEDBACK_EMPTY' | 'FEEDBACK_TOO_LONG' | null {
  const text = message.trim();
  if (!text) return 'FEEDBACK_EMPTY';
  if (text.length > FEEDBACK_MAX_CHARS) return 'FEEDBACK_TOO_LONG';
  return null;
}
