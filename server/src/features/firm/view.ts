import { DEFAULT_FIRM_COLORS, type Firm, type PublicFirm } from '@saldo/contract';
import type { Db } from '../../db/client.ts';
import { firmNames } from '../templates/queries.ts';
import { editsFirm, type FirmOfCall } from './firm-of.ts';
import { ownersOfBoards, profileOf } from './queries.ts';

/** The firm's profile as GET /api/firm answers it; before one is saved, its name from its owner's account and Saldo's colours. */
export async function firmView(db: Db, { firmId, role }: FirmOfCall): Promise<Firm> {
  const row = await profileOf(db, firmId);
  const canEdit = editsFirm(role);
  if (!row) {
    const names = await firmNames(db, [firmId]);
    return {
      firmId,
      canEdit,
      configured: false,
      name: names.get(firmId) ?? '',
      orgNumber: null,
      ...DEFAULT_FIRM_COLORS,
      senderName: null,
      replyTo: null,
      logo: null,
      updatedAt: null,
    };
  }
  return {
    firmId,
    canEdit,
    configured: true,
    name: row.name,
    orgNumber: row.orgNumber,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    senderName: row.senderName,
    replyTo: row.replyTo,
    logo:
      row.logoType && row.logoBytes !== null
        ? { type: row.logoType, bytes: row.logoBytes, updatedAt: (row.logoUpdatedAt ?? row.updatedAt).toISOString() }
        : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What a public link's page shows of the firm that owns its board: name, colours and the logo's
 * address (under the link's own secret), nothing else; null when the firm has no profile.
 */
export async function publicFirmOf(db: Db, boardId: string, linkSecret: string): Promise<PublicFirm | null> {
  const [owner] = await ownersOfBoards(db, [boardId]);
  const row = owner ? await profileOf(db, owner) : undefined;
  if (!row) return null;
  // The logo's time in its address: a new logo is a new address, so a cached old one is never shown.
  const version = row.logoUpdatedAt?.getTime();
  return {
    name: row.name,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    logoUrl: row.logoType ? `/api/public-share/board/${encodeURIComponent(linkSecret)}/logo?v=${version ?? 0}` : null,
  };
}
