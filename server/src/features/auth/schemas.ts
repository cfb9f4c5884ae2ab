import { z } from 'zod';
import { lineText } from '../../http/text.ts';

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const name = lineText(100).min(1);

export const loginBody = z.object({
  email,
  password: z.string().min(1).max(200),
  integrationPartnerId: z.string().max(100).optional(),
});

export const language = z.enum(['nor', 'en']);

export const signupBody = z.object({
  firstName: name,
  lastName: name,
  email,
  password: z.string().min(1).max(200),
  companyName: lineText(200).optional(),
  phoneNumber: z.string().trim().max(30).optional(),
  termsAccepted: z.boolean(),
  language: language.optional(),
  integrationPartnerId: z.string().max(100).optional(),
  /** An invitation's token (from /confirm-invitation): the address is then proven, and its boards given. */
  invitationToken: z.string().min(1).max(200).optional(),
});

export const emailBody = z.object({ email });
export const resetBody = z.object({ token: z.string().min(1).max(200), password: z.string().min(1).max(200) });
export const verifyBody = z.object({ token: z.string().min(1).max(200) });

export const refreshBody = z.object({ refreshToken: z.string().min(1).max(200) });

export const errorResponse = z.object({ code: z.string(), message: z.string() });
