import { z } from 'zod';

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const loginBody = z.object({
  email,
  password: z.string().min(1).max(200),
  integrationPartnerId: z.string().max(100).optional(),
});

export const language = z.enum(['nor', 'en']);

/** POST /api/auth/signup, as the contract has it (SignupRequest). */
export { signupRequest as signupBody } from '@saldo/contract/schemas';

export const emailBody = z.object({ email });
export const resetBody = z.object({ token: z.string().min(1).max(200), password: z.string().min(1).max(200) });
/** The password chosen at signup proves the signup; without it the token is only checked (see the verify route). */
export const verifyBody = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1).max(200).optional(),
});

export const refreshBody = z.object({ refreshToken: z.string().min(1).max(200) });

export const errorResponse = z.object({ code: z.string(), message: z.string() });
