import type { UserLanguage } from '@saldo/contract';
import type { Mail } from './mailer.ts';

/** Text made safe inside HTML and its attributes. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The longest a user's text (a name) runs in a mail's subject and text, ellipsis included. */
export const MAIL_NAME_MAX = 60;

/** A word that reads as a web address: a scheme, `www.`, or a domain (`evil.example`, `x.no/login`). */
const ADDRESS_LIKE = /:\/\/|^www\.|(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?![\p{L}\p{N}-])/iu;
/** Control characters and the bidirectional overrides that can turn a text around on screen. */
const INVISIBLE = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu;

/**
 * A name someone else chose (an inviter's, a board's) as it may stand in a mail: on one line, without
 * anything that reads as a link (so a mail from us cannot carry someone's phishing text), and at most
 * MAIL_NAME_MAX characters (cut with an ellipsis). Empty when nothing is left; callers say "someone".
 */
export function mailName(name: string): string {
  const words = name
    .replace(INVISIBLE, ' ')
    .split(/\s+/u)
    .filter((w) => w && !ADDRESS_LIKE.test(w));
  const chars = Array.from(words.join(' '));
  return chars.length > MAIL_NAME_MAX
    ? `${chars
        .slice(0, MAIL_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
}

function mail(to: string, subject: string, lines: string[], link: { url: string; label: string }): Mail {
  const text = `${lines.join('\n\n')}\n\n${link.url}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join(
      '',
    )}<p><a href="${escapeHtml(link.url)}" style="background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(
    link.label,
  )}</a></p><p style="color:#6b7280;font-size:12px">${escapeHtml(link.url)}</p></body></html>`;
  return { to, subject, text, html };
}

/** The words of the account mails (a greeting, one paragraph and a button to the link), in each language. */
const ACCOUNT_MAILS = {
  verification: {
    en: {
      subject: 'Verify your e-mail address for Saldo',
      body: 'Welcome to Saldo! Confirm your e-mail address to start using your account. The link is valid for 24 hours.',
      label: 'Verify e-mail address',
    },
    nor: {
      subject: 'Bekreft e-postadressen din i Saldo',
      body: 'Velkommen til Saldo! Bekreft e-postadressen din for å ta i bruk kontoen. Lenken gjelder i 24 timer.',
      label: 'Bekreft e-postadressen',
    },
  },
  passwordReset: {
    en: {
      subject: 'Reset your Saldo password',
      body: 'Someone asked to reset the password of your Saldo account. If it was you, choose a new password with the link below within an hour. If not, you can ignore this e-mail.',
      label: 'Choose a new password',
    },
    nor: {
      subject: 'Tilbakestill passordet ditt i Saldo',
      body: 'Noen har bedt om å tilbakestille passordet til Saldo-kontoen din. Var det deg, velger du et nytt passord med lenken nedenfor innen en time. Hvis ikke, kan du se bort fra denne e-posten.',
      label: 'Velg nytt passord',
    },
  },
} as const;

function accountMail(kind: keyof typeof ACCOUNT_MAILS, to: string, firstName: string, url: string, lang: UserLanguage) {
  const words = ACCOUNT_MAILS[kind][lang === 'en' ? 'en' : 'nor'];
  const greeting = lang === 'en' ? 'Hi' : 'Hei';
  return mail(to, words.subject, [`${greeting} ${firstName},`, words.body], { url, label: words.label });
}

export function verificationMail(to: string, firstName: string, url: string, lang: UserLanguage): Mail {
  return accountMail('verification', to, firstName, url, lang);
}

export function passwordResetMail(to: string, firstName: string, url: string, lang: UserLanguage): Mail {
  return accountMail('passwordReset', to, firstName, url, lang);
}

/**
 * A board's public link, e-mailed by its owner. The board name is the owner's text and the link is
 * checked by the route, but both are escaped like every other value in the HTML part.
 */
export function shareMail(to: string, name: string, url: string, lang: UserLanguage): Mail {
  const boardName = mailName(name) || (lang === 'en' ? 'A board' : 'En tavle');
  return lang === 'en'
    ? mail(
        to,
        `${boardName} – Saldo`,
        [`${boardName} has been shared with you in Saldo.`, 'Open the link below to see the figures.'],
        { url, label: 'Open in Saldo' },
      )
    : mail(
        to,
        `${boardName} – Saldo`,
        [`${boardName} er delt med deg i Saldo.`, 'Åpne lenken nedenfor for å se tallene.'],
        { url, label: 'Åpne i Saldo' },
      );
}

const ROLE_NAMES = {
  nor: { Admin: 'administrator', Editor: 'redaktør', Viewer: 'leser' },
  en: { Admin: 'Admin', Editor: 'Editor', Viewer: 'Viewer' },
} as const;

/**
 * An invitation to boards, or to a role on a tag (every board of the inviter's with it, now and later:
 * `boards` then names those that have it now), in the inviter's language; the link works once, for 7 days.
 */
export function invitationMail(
  to: string,
  invite: {
    inviter: string;
    boards: string[];
    role: 'Admin' | 'Editor' | 'Viewer';
    url: string;
    tag?: string | null;
  },
  lang: UserLanguage,
): Mail {
  const en = lang === 'en';
  // Each name on its own is cleaned and cut; the list of them is cut again for the subject.
  const names = invite.boards.map(mailName).filter(Boolean).join(', ');
  const boards = names || (en ? 'a board' : 'en tavle');
  const inviter = mailName(invite.inviter) || (en ? 'Someone' : 'Noen');
  const tag = invite.tag ? mailName(invite.tag) : null;
  const tagWords = en ? (tag ? `the tag “${tag}”` : 'a tag') : tag ? `stikkordet «${tag}»` : 'et stikkord';
  // What the invitation gives: the boards, or the tag (whose boards the next paragraph names).
  const what = invite.tag ? tagWords : boards;
  const subjectWhat = invite.tag ? tagWords : mailName(boards);
  const role = ROLE_NAMES[en ? 'en' : 'nor'][invite.role];
  const tagLine = en
    ? `The role holds on every board of ${inviter}’s with the tag, also those that get it later. Now: ${names || 'none yet'}.`
    : `Rollen gjelder alle tavlene til ${inviter} med stikkordet, også dem som får det senere. Nå: ${names || 'ingen ennå'}.`;
  return en
    ? mail(
        to,
        `${inviter} invited you to ${subjectWhat} in Saldo`,
        [
          `${inviter} has invited you to ${what} in Saldo as ${role}.`,
          ...(invite.tag ? [tagLine] : []),
          'Accept with the link below within 7 days. It works once.',
        ],
        { url: invite.url, label: 'Accept the invitation' },
      )
    : mail(
        to,
        `${inviter} har invitert deg til ${subjectWhat} i Saldo`,
        [
          `${inviter} har invitert deg til ${what} i Saldo som ${role}.`,
          ...(invite.tag ? [tagLine] : []),
          'Godta med lenken nedenfor innen 7 dager. Den virker én gang.',
        ],
        { url: invite.url, label: 'Godta invitasjonen' },
      );
}

export interface FeedbackMail {
  kind: 'bug' | 'feedback';
  message: string;
  page: string | undefined;
  user: { id: string; name: string; email: string; language: UserLanguage };
  /** The browser the report came from (its User-Agent), to reproduce a bug. */
  userAgent: string | undefined;
  at: Date;
}

/**
 * A bug report or feedback from the portal, to the install's own feedback address (in English: it
 * goes to whoever runs Saldo, not to a user). A reply goes to the user. Every value the user wrote is
 * escaped in the HTML part; the plain part carries it as written.
 */
export function feedbackMail(to: string, f: FeedbackMail): Mail {
  const what = f.kind === 'bug' ? 'Bug report' : 'Feedback';
  const facts: Array<[string, string]> = [
    ['From', `${f.user.name} <${f.user.email}>`],
    ['User id', f.user.id],
    ['Language', f.user.language],
    ['Page', f.page ?? '–'],
    ['Browser', f.userAgent ?? '–'],
    ['Sent', f.at.toISOString()],
  ];
  const text = `${what} from ${f.user.name}\n\n${f.message}\n\n${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><h2>${escapeHtml(
    `${what} from ${f.user.name}`,
  )}</h2><p style="white-space:pre-wrap">${escapeHtml(f.message)}</p><table>${facts
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('')}</table></body></html>`;
  return { to, subject: `Saldo: ${what.toLowerCase()} from ${f.user.name}`, text, html, replyTo: f.user.email };
}

export interface JobFailure {
  /** What failed, in the reader's words ("the backup" / "sikkerhetskopien"). */
  what: { nor: string; en: string };
  /** The run's scheduled moment, ISO. */
  slot: string;
  attempts: number;
  reason: string;
}

/** A scheduled job that failed for good, to the install's SuperAdmins: what, when, why, where to look. */
export function jobFailedMail(to: string, f: JobFailure, url: string, lang: UserLanguage): Mail {
  return lang === 'en'
    ? mail(
        to,
        `Saldo: ${f.what.en} failed`,
        [
          `${f.what.en[0]!.toUpperCase()}${f.what.en.slice(1)} scheduled for ${f.slot} failed ${f.attempts} times and is not tried again.`,
          `Reason: ${f.reason}`,
          'The next scheduled run goes ahead as usual. The server log has the details.',
        ],
        { url, label: 'Open Saldo' },
      )
    : mail(
        to,
        `Saldo: ${f.what.nor} feilet`,
        [
          `${f.what.nor[0]!.toUpperCase()}${f.what.nor.slice(1)} planlagt ${f.slot} feilet ${f.attempts} ganger og prøves ikke igjen.`,
          `Årsak: ${f.reason}`,
          'Neste planlagte kjøring går som vanlig. Serverloggen har detaljene.',
        ],
        { url, label: 'Åpne Saldo' },
      );
}
