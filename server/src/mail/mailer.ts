import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxMessage } from '@saldo/contract';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { metrics } from '../ops/metrics.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes instead of the sender (a feedback mail: the user who wrote it). */
  replyTo?: string;
  /**
   * The display name to send under instead of the configured one (a firm's mail, issue 30): the
   * address stays the configured sender's, so the mail passes the install's SPF and DKIM as before.
   */
  fromName?: string;
  /** Files sent with the mail (a report pack's PDF, issue 30). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /** The Message-ID header (`<id@host>`): a scheduled pack's mail sent again after a crash keeps its own. */
  messageId?: string;
}

/** What the SMTP server answered a mail it took (its 250 line); none for the outbox. */
export interface MailReceipt {
  response?: string;
}

export interface Mailer {
  /** Its receipt where the transport gives one; a mailer of a test may answer nothing. */
  // biome-ignore lint/suspicious/noConfusingVoidType: mailers that answer nothing (`async send() {}`) stay mailers
  send(mail: Mail): Promise<MailReceipt | undefined | void>;
  /** Present only when mail is written to the local outbox instead of being sent. */
  outbox?: { list(limit?: number): Promise<OutboxMessage[]> };
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

export interface MailerOptions {
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
  /** Told of every message written to the outbox (main.ts prints its links to the server's log). */
  onOutbox?: (message: OutboxMessage) => void;
}

/**
 * SMTP when `smtpUrl` is set; otherwise an outbox folder on this machine, so a local install and the
 * browser tests can follow verification and reset links without a mail server. The folder is never
 * served to the network by default (see features/dev/routes.ts).
 */
export function createMailer(options: MailerOptions): Mailer {
  const mailer = transportOf(options);
  const send = mailer.send.bind(mailer);
  return {
    ...mailer,
    async send(mail) {
      try {
        const receipt = await send(mail);
        metrics.mail('sent');
        return receipt;
      } catch (e) {
        metrics.mail('failed');
        throw e;
      }
    },
  };
}

/** The configured sender (`Saldo <no-reply@saldo.no>`), under `name` when the mail gives one: nodemailer quotes and encodes it. */
export function senderOf(from: string, name: string | undefined): string | { name: string; address: string } {
  if (!name) return from;
  const [configured] = addressparser(from, { flatten: true });
  return configured?.address ? { name, address: configured.address } : from;
}

/** What nodemailer is given: the mail with its sender. */
const outgoing = (from: string, { fromName, ...mail }: Mail) => ({ ...mail, from: senderOf(from, fromName) });

function transportOf(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail(outgoing(options.from, mail));
        return { response: String(info.response ?? '') };
      },
    };
  }
  const dir = options.outboxDir;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(outgoing(options.from, mail));
      await mkdir(dir, { recursive: true });
      const createdAt = new Date().toISOString();
      // A sortable name: newest last in a plain directory listing.
      const id = `${createdAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const message: OutboxMessage = {
        id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        links: mail.text.match(LINK) ?? [],
        createdAt,
      };
      await writeFile(join(dir, `${id}.eml`), new Uint8Array(info.message as Buffer));
      await writeFile(join(dir, `${id}.json`), JSON.stringify(message, null, 2));
      options.onOutbox?.(message);
    },
    outbox: {
      async list(limit = 50) {
        const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
        const newest = files.sort().reverse().slice(0, limit);
        return Promise.all(newest.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as OutboxMessage));
      },
    },
  };
}
