import type { FirmBranding } from '../firm/branding.ts';
import type { Branding } from './pdf/document.ts';

/** The firm profile as the PDF draws it; none (Saldo's own look) without one. */
export const brandingOf = (firm: FirmBranding | null): Branding | undefined =>
  firm
    ? {
        name: firm.name,
        organisationNumber: firm.orgNumber,
        colours: { primary: firm.primaryColor, secondary: firm.secondaryColor },
        logo: firm.logo ? { bytes: firm.logo.bytes, type: firm.logo.type } : null,
      }
    : undefined;
