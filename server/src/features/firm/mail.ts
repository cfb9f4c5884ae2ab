import type { Db } from '../../db/client.ts';
import type { Mail } from '../../mail/mailer.ts';
import { mailName } from '../../mail/templates.ts';
import { ownersOfBoards, profileOf } from './queries.ts';

/**
 * How a mail for boards of a firm goes out (issue 30): under the firm's sender name (else its name)
 * at the install's configured address, with replies to the firm's reply-to address, else to the
 * accountant who sent it (`accountant`, null for a mail nobody sent: the alert digest). Boards of
 * several firms, or of a firm without a profile, keep Saldo's name; replies still go to the accountant.
 */
export async function mailAsFirm(
  db: Db,
  boardIds: readonly string[],
  accountant: string | null,
): Promise<Pick<Mail, 'fromName' | 'replyTo'>> {
  const owners = await ownersOfBoards(db, boardIds);
  const profile = owners.length === 1 ? await profileOf(db, owners[0]!) : undefined;
  // On one line and nothing that reads as an address, as every name someone chose in a mail.
  const fromName = profile ? mailName(profile.senderName || profile.name) : '';
  const replyTo = profile?.replyTo ?? accountant;
  return { ...(fromName ? { fromName } : {}), ...(replyTo ? { replyTo } : {}) };
}
