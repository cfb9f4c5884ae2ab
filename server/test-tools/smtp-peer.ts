/**
 * A real SMTP server on a loopback port (smtp-server), for tests whose mail must cross the protocol: it
 * keeps each message it accepts, and can refuse recipients the way a mail host does (a 451 that a retry
 * gets past, or a 550 for good), or hold a message unanswered (a sender killed before its 250). Shared by the mailer's, the feedback form's and the alert digest's
 * tests and the team journey.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  port: number;
  /** `smtp://127.0.0.1:<port>`, as SMTP_URL takes it. */
  url: string;
  received: ReceivedMail[];
  /** Refuses the next `count` recipients with `code` (451: try again later; 550: mailbox unavailable). */
  refuseNext(count: number, code?: number): void;
  /**
   * Holds `count` messages, after accepting the next `after`, once their data has come: no answer, so the
   * sender waits for its 250 (the message is never accepted nor kept). Resolves when the first is held.
   */
  holdNext(count: number, after?: number): Promise<void>;
  /** How many messages it has held. */
  readonly held: number;
  close(): Promise<void>;
}

/** Starts the peer; `refuseAll` makes it refuse every recipient with 550, as a mail host that will not take them. */
export async function startSmtpPeer(options: { refuseAll?: boolean } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let refusals = options.refuseAll ? Number.POSITIVE_INFINITY : 0;
  let refusalCode = 550;
  let holds = 0;
  let passes = 0;
  let held = 0;
  let onHeld: (() => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (refusals <= 0) return callback();
      refusals--;
      const text = refusalCode === 451 ? 'Mailbox busy' : 'Mailbox unavailable';
      callback(Object.assign(new Error(text), { responseCode: refusalCode }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (holds > 0 && passes-- <= 0) {
          holds--;
          held++;
          onHeld?.();
          return; // no answer: the client waits until it dies or gives up
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count, code = 451) {
      refusals = count;
      refusalCode = code;
    },
    holdNext(count, after = 0) {
      holds = count;
      passes = after;
      return new Promise<void>((resolve) => {
        onHeld = resolve;
      });
    },
    get held() {
      return held;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received message with quoted-printable soft breaks and escapes undone (its bytes read as UTF-8), so a link or a word reads whole. */
export const decodedMail = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
