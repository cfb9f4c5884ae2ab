import { describe, expect, it } from 'vitest';
import { invitationMail } from './templates.ts';

const invite = {
  inviter: 'Ola <b>Nordmann</b>',
  boards: ['Fjord & Fjell AS', 'Nordlys "Energi" AS'],
  role: 'Admin' as const,
  url: 'https://saldo.example/confirm-invitation?token=abc&x=1',
};

describe('the invitation mail', () => {
  it('is written in English for an English inviter: who, which boards, the role, 7 days, once', () => {
    const mail = invitationMail('kari@client.com', invite, 'en');
    expect(mail.to).toBe('kari@client.com');
    expect(mail.subject).toBe('Ola <b>Nordmann</b> invited you to Fjord & Fjell AS, Nordlys "Energi" AS in Saldo');
    expect(mail.text).toBe(
      'Ola <b>Nordmann</b> has invited you to Fjord & Fjell AS, Nordlys "Energi" AS in Saldo as Admin.\n\n' +
        'Accept with the link below within 7 days. It works once.\n\n' +
        'https://saldo.example/confirm-invitation?token=abc&x=1\n',
    );
    expect(mail.html).toContain('>Accept the invitation</a>');
  });

  it('escapes the names, which are users’ own text, in its HTML part', () => {
    for (const lang of ['en', 'nor'] as const) {
      const { html } = invitationMail('kari@client.com', invite, lang);
      expect(html, lang).not.toContain('<b>');
      expect(html, lang).toContain('Ola &lt;b&gt;Nordmann&lt;/b&gt;');
      expect(html, lang).toContain('Fjord &amp; Fjell AS, Nordlys &quot;Energi&quot; AS');
      expect(html, lang).toContain('href="https://saldo.example/confirm-invitation?token=abc&amp;x=1"');
    }
  });

  it('names the role in Norwegian for a Norwegian inviter', () => {
    expect(invitationMail('kari@client.com', { ...invite, role: 'Viewer' }, 'nor').text).toContain(
      'i Saldo som leser.',
    );
    expect(invitationMail('kari@client.com', { ...invite, role: 'Editor' }, 'nor').text).toContain('som redaktør.');
  });
});
