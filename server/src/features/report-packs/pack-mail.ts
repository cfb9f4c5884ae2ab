// The mail a sent report pack goes out in (issue 30): the accountant's message, the pack's name and
// period, the PDF attached, and the read-only link to the frozen copy. The sender's name and reply-to
// are the firm's (firm/mail.ts). Names someone chose stand as mail names do (mail/templates.ts: on one
// line, nothing that reads as a link); the message is the accountant's own words, escaped in the HTML.

import { formatPeriod, type Lang } from '@saldo/contract/numbers/format';
import type { Mail } from '../../mail/mailer.ts';
import { escapeHtml, mailName } from '../../mail/templates.ts';

export interface PackMail {
  to: string;
  packName: string;
  boardName: string;
  startDate: string;
  endDate: string;
  lang: Lang;
  message: string;
  url: string;
  /** yyyy-mm-dd, when the link stops opening the copy. */
  linkExpires: string;
  pdf: Buffer;
  fileName: string;
}

const WORDS = {
  nor: {
    period: 'Periode',
    attached: 'Rapporten ligger vedlagt som PDF.',
    link: (until: string) => `Du kan også lese den sendte utgaven her (til ${until}):`,
    open: 'Åpne rapporten',
  },
  en: {
    period: 'Period',
    attached: 'The report is attached as a PDF.',
    link: (until: string) => `You can also read the copy as sent here (until ${until}):`,
    open: 'Open the report',
  },
} as const;

export function packMail(m: PackMail): Mail {
  const words = WORDS[m.lang];
  const title = [mailName(m.packName), mailName(m.boardName)].filter(Boolean).join(' – ');
  const period = `${words.period}: ${formatPeriod(m.startDate, m.endDate, m.lang)}`;
  const message = m.message.trim();
  const paragraphs = [...(message ? message.split(/\n\s*\n/) : []), `${title}. ${period}.`, words.attached];
  const text = `${paragraphs.join('\n\n')}\n\n${words.link(m.linkExpires)}\n${m.url}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">${paragraphs
    .map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`)
    .join('')}<p>${escapeHtml(words.link(m.linkExpires))}</p><p><a href="${escapeHtml(m.url)}">${escapeHtml(
    words.open,
  )}</a></p></body></html>`;
  return {
    to: m.to,
    subject: title || words.open,
    text,
    html,
    attachments: [{ filename: m.fileName, content: m.pdf, contentType: 'application/pdf' }],
  };
}

/** A scheduled send that failed for good, as its owner (the accountant) is told (schedule-run.ts). */
export interface PackRunFailure {
  to: string;
  lang: Lang;
  packName: string;
  startDate: string;
  endDate: string;
  attempts: number;
  /** The recipients it did not reach, each with the SMTP server's last answer; empty when the pack could not be made. */
  unsent: ReadonlyArray<{ recipient: string; response: string | null }>;
  reason: string;
  url: string;
}

const FAILED = {
  nor: {
    subject: (name: string) => `Rapportpakken ${name} ble ikke sendt til alle`,
    tried: (n: number) => `Saldo prøvde ${n} ganger og prøver ikke igjen.`,
    unsent: 'Disse mottakerne fikk den ikke:',
    unmade: (reason: string) => `Rapporten kunne ikke lages: ${reason}`,
    rest: 'De andre mottakerne har fått den. Du kan sende den selv fra rapportpakken i Saldo.',
  },
  en: {
    subject: (name: string) => `The report pack ${name} did not reach everyone`,
    tried: (n: number) => `Saldo tried ${n} times and will not try again.`,
    unsent: 'These recipients did not get it:',
    unmade: (reason: string) => `The report could not be made: ${reason}`,
    rest: 'The other recipients have it. You can send it yourself from the report pack in Saldo.',
  },
} as const;

export function packRunFailedMail(f: PackRunFailure): Mail {
  const words = FAILED[f.lang];
  const name = mailName(f.packName);
  const lines = [
    `${name}, ${formatPeriod(f.startDate, f.endDate, f.lang)}. ${words.tried(f.attempts)}`,
    ...(f.unsent.length
      ? [words.unsent, ...f.unsent.map((u) => `${u.recipient}: ${u.response ?? '–'}`), words.rest]
      : [words.unmade(f.reason)]),
  ];
  return {
    to: f.to,
    subject: words.subject(name),
    text: `${lines.join('\n\n')}\n\n${f.url}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">${lines
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('')}<p><a href="${escapeHtml(f.url)}">${escapeHtml(f.url)}</a></p></body></html>`,
  };
}
