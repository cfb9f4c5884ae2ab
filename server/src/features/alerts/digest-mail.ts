// The daily alert digest's mail, in the recipient's language: one line per alert with a link to its board.

import type { UserLanguage } from '@saldo/contract';
import { alertText } from '@saldo/contract/kpis/alerts';
import type { Mail } from '../../mail/mailer.ts';
import { escapeHtml, mailName } from '../../mail/templates.ts';

export interface DigestItem {
  boardName: string;
  ruleName: string;
  alert: Parameters<typeof alertText>[0];
  url: string;
}

const WORDS = {
  nor: {
    subject: (n: number) => `Saldo: ${n} ${n === 1 ? 'nytt varsel' : 'nye varsler'}`,
    intro: 'Disse varslene er nye siden forrige e-post. Lenken åpner selskapets varsler i Saldo.',
    board: 'selskap',
    rule: 'regel',
    settings: 'Varslingsreglene endrer du under Varsler i Saldo.',
  },
  en: {
    subject: (n: number) => `Saldo: ${n} new ${n === 1 ? 'alert' : 'alerts'}`,
    intro: 'These alerts are new since the last mail. Each link opens the company’s alerts in Saldo.',
    board: 'company',
    rule: 'rule',
    settings: 'You change the alert rules under Alerts in Saldo.',
  },
} as const;

export function alertDigestMail(to: string, items: readonly DigestItem[], lang: UserLanguage): Mail {
  const w = WORDS[lang];
  const lines = items.map((i) => ({
    head: `${mailName(i.boardName) || w.board} – ${mailName(i.ruleName) || w.rule}`,
    text: alertText(i.alert, lang),
    url: i.url,
  }));
  const text = `${w.intro}\n\n${lines.map((l) => `${l.head}\n${l.text}\n${l.url}`).join('\n\n')}\n\n${w.settings}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(
    w.intro,
  )}</p><ul>${lines
    .map(
      (l) =>
        `<li style="margin-bottom:12px"><a href="${escapeHtml(l.url)}">${escapeHtml(l.head)}</a><br>${escapeHtml(l.text)}</li>`,
    )
    .join('')}</ul><p style="color:#6b7280;font-size:12px">${escapeHtml(w.settings)}</p></body></html>`;
  return { to, subject: w.subject(items.length), text, html };
}
