/** A firm's profile and what a public link shows of it, inferred from ../schemas/firm.ts (type-only). */
import type { z } from 'zod';
import type * as firm from '../schemas/firm.ts';

export type Firm = z.infer<typeof firm.firm>;
export type FirmLogo = z.infer<typeof firm.firmLogo>;
export type FirmLogoType = z.infer<typeof firm.firmLogoType>;
export type FirmProfileUpdate = z.input<typeof firm.firmProfileUpdate>;
export type PublicFirm = z.infer<typeof firm.publicFirm>;
