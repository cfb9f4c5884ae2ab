// The daily alert digest (jobs/alert-digest.ts runs it): each recipient — the board's responsible
// accountant, else its owner — gets one mail a slot with the open alerts not yet mailed. The digest's
// row and its events' `mailed_at` are written in one transaction before the mail goes, so a crash
// mid-send never mails them twice; a mail the SMTP peer refused marks the digest failed, and the job's
// retry sends that digest again.

import { randomUUID } from 'node:crypto';
import type { AlertReason, UserLanguage } from '@saldo/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AlertMetricColumn, alertDigest, alertEvent, alertRule, board, user } from '../../db/schema/index.ts';
import type { AlertDigester } from '../../jobs/alert-digest.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { log } from '../../ops/log.ts';
import { mailAsFirm } from '../firm/mail.ts';
import { alertDigestMail, type DigestItem } from './digest-mail.ts';

/** An event to mail, with its rule, board and recipient. */
interface Pending {
  id: string;
  boardId: string;
  boardName: string;
  ruleName: string;
  metric: AlertMetricColumn;
  reason: string;
  value: number | null;
  threshold: number;
  period: string;
  recipientId: string;
  email: string;
  language: UserLanguage;
}

const pendingColumns = {
  id: alertEvent.id,
  boardId: alertEvent.boardId,
  boardName: board.name,
  ruleName: alertRule.name,
  metric: alertRule.metric,
  reason: alertEvent.reason,
  value: alertEvent.value,
  threshold: alertEvent.threshold,
  period: alertEvent.period,
  recipientId: user.id,
  email: user.email,
  language: user.language,
};

/** Events with their rule, board and recipient (responsible, else owner), active recipients only. */
const pendingEvents = (db: Db) =>
  db
    .select(pendingColumns)
    .from(alertEvent)
    .innerJoin(alertRule, eq(alertRule.id, alertEvent.ruleId))
    .innerJoin(board, eq(board.id, alertEvent.boardId))
    .innerJoin(user, sql`${user.id} = coalesce(${board.responsibleUserId}, ${board.ownerId})`)
    .$dynamic();

const itemsOf = (events: readonly Pending[], baseUrl: string): DigestItem[] =>
  events.map((e) => ({
    boardName: e.boardName,
    ruleName: e.ruleName,
    alert: {
      metric: e.metric,
      reason: e.reason as AlertReason,
      value: e.value,
      threshold: e.threshold,
      period: e.period,
    },
    url: `${baseUrl}/alerts?groupId=${encodeURIComponent(e.boardId)}`,
  }));

export function alertDigester(db: Db, mailer: Mailer, baseUrl: string): AlertDigester {
  /** Sends one recorded digest; whether it went. */
  async function deliver(digestId: string, events: readonly Pending[]): Promise<boolean> {
    const first = events[0]!;
    try {
      // Under the firm's name when every board in it is one firm's (issue 30); replies to its reply-to address.
      const sender = await mailAsFirm(db, [...new Set(events.map((e) => e.boardId))], null);
      await mailer.send({ ...alertDigestMail(first.email, itemsOf(events, baseUrl), first.language), ...sender });
      await db
        .update(alertDigest)
        .set({ status: 'sent', sentAt: new Date(), error: null })
        .where(eq(alertDigest.id, digestId));
      return true;
    } catch (err) {
      log.warn({ err, digestId }, 'Alerts: a digest mail could not be sent');
      const error = err instanceof Error ? err.message : String(err);
      await db.update(alertDigest).set({ status: 'failed', error }).where(eq(alertDigest.id, digestId));
      return false;
    }
  }

  return {
    async send(slot) {
      let sent = 0;
      let failed = 0;
      const count = (ok: boolean) => (ok ? sent++ : failed++);
      // This slot's digests that the SMTP peer refused before: again, with the events they took.
      const retry = await db
        .select({ id: alertDigest.id })
        .from(alertDigest)
        .where(and(eq(alertDigest.slot, slot), eq(alertDigest.status, 'failed')));
      for (const { id } of retry) {
        const events = await pendingEvents(db).where(eq(alertEvent.digestId, id));
        if (events.length > 0) count(await deliver(id, events));
      }
      // The open alerts not yet mailed, by recipient.
      const fresh = await pendingEvents(db).where(
        and(isNull(alertEvent.mailedAt), isNull(alertEvent.resolvedAt), eq(user.status, 'active')),
      );
      const byRecipient = new Map<string, Pending[]>();
      for (const e of fresh) byRecipient.set(e.recipientId, [...(byRecipient.get(e.recipientId) ?? []), e]);
      for (const [recipientId, events] of byRecipient) {
        const digestId = randomUUID();
        const now = new Date();
        // One transaction: the digest recorded (once per recipient and slot) and its events taken.
        const taken = await db.transaction(async (tx) => {
          const [made] = await tx
            .insert(alertDigest)
            .values({ id: digestId, recipientId, slot, status: 'sending', eventCount: events.length, createdAt: now })
            .onConflictDoNothing()
            .returning({ id: alertDigest.id });
          if (!made) return false; // this recipient's digest of the slot went already: one a day
          await tx
            .update(alertEvent)
            .set({ mailedAt: now, digestId })
            .where(
              and(
                inArray(
                  alertEvent.id,
                  events.map((e) => e.id),
                ),
                isNull(alertEvent.mailedAt),
              ),
            );
          return true;
        });
        if (taken) count(await deliver(digestId, events));
      }
      return { sent, failed };
    },
  };
}
