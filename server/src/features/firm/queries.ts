import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Writer } from '../../db/client.ts';
import { board, type FirmLogoType, firmProfile } from '../../db/schema/index.ts';

/** A firm's profile without its logo's bytes (their size instead): what every read but the logo's needs. */
export async function profileOf(db: Writer, firmId: string) {
  const [row] = await db
    .select({
      firmId: firmProfile.firmId,
      name: firmProfile.name,
      orgNumber: firmProfile.orgNumber,
      primaryColor: firmProfile.primaryColor,
      secondaryColor: firmProfile.secondaryColor,
      senderName: firmProfile.senderName,
      replyTo: firmProfile.replyTo,
      logoType: firmProfile.logoType,
      logoBytes: sql<number | null>`length(${firmProfile.logo})`,
      logoUpdatedAt: firmProfile.logoUpdatedAt,
      updatedAt: firmProfile.updatedAt,
    })
    .from(firmProfile)
    .where(eq(firmProfile.firmId, firmId));
  return row;
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileOf>>>;

/** A firm's logo: its bytes and type, or undefined without one. */
export async function logoOf(
  db: Db,
  firmId: string,
): Promise<{ bytes: Uint8Array; type: FirmLogoType; updatedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ logo: firmProfile.logo, type: firmProfile.logoType, updatedAt: firmProfile.logoUpdatedAt })
    .from(firmProfile)
    .where(eq(firmProfile.firmId, firmId));
  if (!row?.logo || !row.type) return undefined;
  return { bytes: new Uint8Array(row.logo), type: row.type, updatedAt: row.updatedAt };
}

/** What PUT /api/firm saves: the profile's fields but its logo. */
export type ProfileFields = Pick<
  typeof firmProfile.$inferInsert,
  'name' | 'orgNumber' | 'primaryColor' | 'secondaryColor' | 'senderName' | 'replyTo'
>;

/** Writes the firm's profile whole (made on first save); the logo stays as it was. */
export async function saveProfile(
  db: Writer,
  firmId: string,
  fields: ProfileFields,
  by: string,
  at: Date,
): Promise<void> {
  const set = { ...fields, updatedAt: at, updatedBy: by };
  await db
    .insert(firmProfile)
    .values({ firmId, ...set })
    .onConflictDoUpdate({ target: firmProfile.firmId, set });
}

/** Sets or removes the logo of a saved profile; false when the firm has none saved. */
export async function setLogo(
  db: Writer,
  firmId: string,
  logo: { bytes: Uint8Array; type: FirmLogoType } | null,
  by: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(firmProfile)
    .set({
      logo: logo ? Buffer.from(logo.bytes) : null,
      logoType: logo?.type ?? null,
      logoUpdatedAt: logo ? at : null,
      updatedAt: at,
      updatedBy: by,
    })
    .where(eq(firmProfile.firmId, firmId))
    .returning({ firmId: firmProfile.firmId });
  return rows.length > 0;
}

/** The owners of these boards (their firms), each once; boards that do not exist are left out. */
export async function ownersOfBoards(db: Db, boardIds: readonly string[]): Promise<string[]> {
  if (boardIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ owner: board.ownerId })
    .from(board)
    .where(inArray(board.id, [...boardIds]));
  return rows.map((r) => r.owner);
}
