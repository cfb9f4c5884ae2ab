import { z } from 'zod';

export const loginBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  password: z.string().min(1).max(200),
  integrationPartnerId: z.string().optional(),
});

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
