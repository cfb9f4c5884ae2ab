/** The body of every answer the API gives with an error status (http/errors.ts writes it). */
import { z } from 'zod';
import { type ErrorBody, type ErrorCode, errors } from '../errors/errors.ts';

export const errorCode = z.enum(Object.keys(errors) as [ErrorCode, ...ErrorCode[]]);

/**
 * `{ code, message, details? }`: the code from the shared map, its English text as the message (a
 * client shows its own language's text for the code), and what some codes add (a source's error, the
 * fields that failed).
 */
export const errorResponse = z.strictObject({
  code: errorCode,
  message: z.string(),
  details: z.unknown().optional(),
}) satisfies z.ZodType<ErrorBody>;
