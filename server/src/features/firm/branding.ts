import type { Db } from '../../db/client.ts';
import type { FirmLogoType } from '../../db/schema/index.ts';
import { logoOf, ownersOfBoards, profileOf } from './queries.ts';

/** What a firm's packs, PDFs and mails carry of it (issue 30). */
export interface FirmBranding {
  firmId: string;
  name: string;
  orgNumber: string;
  primaryColor: string;
  secondaryColor: string;
  logo: { bytes: Uint8Array; type: FirmLogoType; contentType: string } | null;
  /** The display name of its mail; null for its name. */
  senderName: string | null;
  /** Where replies to its mail go; null for the accountant who sent it. */
  replyTo: string | null;
}

export const LOGO_CONTENT_TYPE: Readonly<Record<FirmLogoType, string>> = { png: 'image/png', svg: 'image/svg+xml' };

/**
 * The branding of a firm, named by one of its boards or by the firm itself (its owner's user id): null
 * when the firm has saved no profile, so the caller keeps Saldo's own. The one read the report packs
 * and the PDF use for a firm's name, organisation number, colours, logo and sender.
 */
export async function firmBranding(db: Db, groupIdOrFirmId: string): Promise<FirmBranding | null> {
  const [owner] = await ownersOfBoards(db, [groupIdOrFirmId]);
  const firmId = owner ?? groupIdOrFirmId;
  const row = await profileOf(db, firmId);
  if (!row) return null;
  const logo = row.logoType ? await logoOf(db, firmId) : undefined;
  return {
    firmId,
    name: row.name,
    orgNumber: row.orgNumber,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    logo: logo ? { bytes: logo.bytes, type: logo.type, contentType: LOGO_CONTENT_TYPE[logo.type] } : null,
    senderName: row.senderName,
    replyTo: row.replyTo,
  };
}
