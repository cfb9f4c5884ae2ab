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

export const signupResponse = z.object({
  jwtToken: z.string(),
  refreshToken: z.string(),
  firstName: z.string(),
  email: z.string(),
});

export const emailBody = z.object({ email });
export const resetBody = z.object({ token: z.string().min(1).max(200), password: z.string().min(1).max(200) });
export const verifyBody = z.object({ token: z.string().min(1).max(200) });

export const refreshBody = z.object({ refreshToken: z.string().min(1).max(200) });

export const menuEntry = z.object({
  name: z.string(),
  menuName: z.string(),
  route: z.string(),
  order: z.number(),
  permissions: z.array(z.string()),
});

export const tokenPair = z.object({ jwtToken: z.string(), refreshToken: z.string() });

export const loginResponse = tokenPair.extend({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isVerified: z.boolean(),
  role: z.object({ name: z.string() }),
  menu: z.array(menuEntry),
  isFirstLoggedIn: z.boolean(),
  id: z.string(),
  warning: z.object({ message: z.string() }).optional(),
});

export const errorResponse = z.object({ code: z.string(), message: z.string() });
