import { errorMessage } from '@saldo/contract/errors/errors';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEvent, user } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestResponse } from '../../test/create-test-app.ts';
import { PNG, FIRM_PROFILE as PROFILE, putFirm as putFirmOf, putLogo as putLogoOf } from '../../test/firm.ts';
import { firmBranding } from './branding.ts';

// Issue 30, the firm: GET/PUT /api/firm and its logo, through app.request(), as the owner, the members
// of its boards and others.

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const MB = 1024 * 1024;

let t: TestApp;
let owner: string;

beforeEach(async () => {
  t = await createTestApp();
  owner = (await t.login()).jwtToken;
});

const getFirm = (token: string, query = '') => t.request(`/api/firm${query}`, { token });
const putFirm = (token: string, body: object, query = '') => putFirmOf(t, token, body, query);
const putLogo = (token: string, bytes: Uint8Array, name: string, type: string) =>
  putLogoOf(t, token, bytes, name, type);
const records = (action: string) =>
  t.deps.db
    .select()
    .from(auditEvent)
    .where(eq(auditEvent.action, action as typeof auditEvent.$inferSelect.action));

/** A refusal: its status, code and English message, and its Norwegian text. */
async function expectRefusal(res: TestResponse, status: number, code: string, nor: string) {
  expect(res.status, code).toBe(status);
  const body = (await res.json()) as { code: string; message: string };
  expect(body.code).toBe(code);
  expect(body.message).toBe(errorMessage(code, 'en'));
  expect(errorMessage(code, 'nor')).toBe(nor);
}

describe('the firm profile', () => {
  it('answers a firm without a profile with its owner’s name and Saldo’s colours, then saves it whole and records it', async () => {
    const before = await (await getFirm(owner)).json();
    const [demo] = await t.deps.db.select().from(user).where(eq(user.id, t.userId));
    // Nothing of its own yet: the owner's company name, Saldo's colours, and every other field empty.
    const { firmId, canEdit, configured, name, primaryColor, secondaryColor, ...empty } = before;
    expect([firmId, canEdit, configured, name]).toEqual([
      t.userId,
      true,
      false,
      demo!.companyName?.trim() || demo!.name,
    ]);
    expect([primaryColor, secondaryColor]).toEqual(['#1d4ed8', '#0f172a']);
    expect(Object.values(empty)).toEqual([null, null, null, null, null]);
    expect(Object.keys(empty).sort()).toEqual(['logo', 'orgNumber', 'replyTo', 'senderName', 'updatedAt']);
    const saved = await putFirm(owner, PROFILE);
    expect(saved.status).toBe(200);
    const firm = await saved.json();
    expect(firm).toMatchObject({
      firmId: t.userId,
      configured: true,
      name: 'Accountflow AS',
      orgNumber: '918874224',
      primaryColor: '#0b6e4f',
      secondaryColor: '#f4d35e',
      senderName: 'Accountflow Regnskap',
      replyTo: 'post@accountflow.no',
      logo: null,
    });
    expect(await (await getFirm(owner)).json()).toEqual(firm);
    const [record] = await records('firm.profile_changed');
    expect(record).toMatchObject({
      actorId: t.userId,
      groupId: null,
      target: { firmId: t.userId, name: 'Accountflow AS', orgNumber: '918874224' },
    });
    // Saved again without a sender or reply-to: both go back to none.
    const cleared = await (await putFirm(owner, { ...PROFILE, senderName: '', replyTo: null })).json();
    expect(cleared).toMatchObject({ senderName: null, replyTo: null });
  });

  it('refuses a bad organisation number, colour, reply-to or sender name with a clear nor/en text, and saves nothing', async () => {
    expect((await putFirm(owner, PROFILE)).status).toBe(200);
    const saved = await (await getFirm(owner)).json();
    const orgNumber = 'Organisasjonsnummeret må være 9 siffer som består Brønnøysundregistrenes kontroll';
    const cases: Array<[object, number, string, string]> = [
      [{ orgNumber: '918874225' }, 400, 'FIRM_ORG_NUMBER_INVALID', orgNumber],
      [{ orgNumber: '912345670' }, 400, 'FIRM_ORG_NUMBER_INVALID', orgNumber],
      [{ orgNumber: '91887422' }, 400, 'FIRM_ORG_NUMBER_INVALID', orgNumber],
      [{ primaryColor: 'green' }, 400, 'FIRM_COLOR_INVALID', 'En farge må være en heksadesimal kode som #1d4ed8'],
      [{ secondaryColor: '#12345' }, 400, 'FIRM_COLOR_INVALID', 'En farge må være en heksadesimal kode som #1d4ed8'],
      [
        { replyTo: 'post(at)accountflow.no' },
        400,
        'FIRM_REPLY_TO_INVALID',
        'Svar-til-adressen er ikke en gyldig e-postadresse',
      ],
      [
        { senderName: 'Kundeservice www.evil.example' },
        400,
        'FIRM_SENDER_NAME_INVALID',
        'Avsendernavnet kan ikke inneholde en nett- eller e-postadresse',
      ],
      [{ name: '' }, 400, 'VALIDATION_FAILED', 'Alle felt må fylles ut'],
      [{ name: 'Accountflow\nAS' }, 400, 'CONTROL_CHARACTERS', errorMessage('CONTROL_CHARACTERS', 'nor')],
    ];
    for (const [change, status, code, nor] of cases)
      await expectRefusal(await putFirm(owner, { ...PROFILE, ...change }), status, code, nor);
    // A body over the API's limit is refused before it is read.
    const huge = await putFirm(owner, { ...PROFILE, name: 'x'.repeat(300 * 1024) });
    expect(huge.status).toBe(413);
    expect(await (await getFirm(owner)).json()).toEqual(saved);
    expect(await records('firm.profile_changed')).toHaveLength(1);
  });

  it('is read by every member of the firm and changed by its owner and Admins only', async () => {
    expect((await putFirm(owner, PROFILE)).status).toBe(200);
    const admin = await t.signUp('admin@example.no', { member: 'Admin' });
    const editor = await t.signUp('editor@example.no', { member: 'Editor' });
    const viewer = await t.signUp('viewer@example.no', { member: 'Viewer' });
    // A member of the firm's boards only: without a board named, the firm is that of their boards.
    for (const member of [admin, editor, viewer]) {
      const firm = await (await getFirm(member.token)).json();
      expect(firm).toMatchObject({ firmId: t.userId, name: 'Accountflow AS', canEdit: member === admin });
    }
    for (const member of [editor, viewer]) {
      await expectRefusal(
        await putFirm(member.token, { ...PROFILE, name: 'Overtatt AS' }),
        403,
        'FIRM_NOT_EDITABLE',
        'Bare firmaets eier og administratorene av tavlene kan endre firmaprofilen',
      );
      const named = await putFirm(member.token, PROFILE, `?groupId=${t.boardId}`);
      expect(named.status).toBe(403);
      expect((await named.json()).code).toBe('BOARD_SHARE_NOT_ALLOWED');
      expect((await putLogo(member.token, PNG, 'logo.png', 'image/png')).status).toBe(403);
      expect((await t.request('/api/firm/logo', { method: 'DELETE', token: member.token })).status).toBe(403);
    }
    const byAdmin = await putFirm(admin.token, { ...PROFILE, senderName: 'Accountflow' }, `?groupId=${t.boardId}`);
    expect(byAdmin.status).toBe(200);
    expect((await byAdmin.json()).senderName).toBe('Accountflow');
    // Someone of another firm: their own firm, and the board of this one is not found.
    const other = await t.signUp('other@example.no');
    expect((await (await getFirm(other.token)).json()).firmId).toBe(other.id);
    const refused = await getFirm(other.token, `?groupId=${t.boardId}`);
    expect(refused.status).toBe(404);
    expect((await refused.json()).code).toBe('BOARD_NOT_FOUND');
    expect((await getFirm('')).status).toBe(401);
  });
});

describe('the firm’s logo', () => {
  it('takes a PNG by its bytes, whatever its name, and serves it back to the firm’s members', async () => {
    await expectRefusal(
      await putLogo(owner, PNG, 'logo.png', 'image/png'),
      409,
      'FIRM_PROFILE_MISSING',
      'Lagre firmaprofilen før du laster opp logoen',
    );
    expect((await putFirm(owner, PROFILE)).status).toBe(200);
    const res = await putLogo(owner, PNG, 'logo.txt', 'text/plain');
    expect(res.status).toBe(200);
    expect((await res.json()).logo).toMatchObject({ type: 'png', bytes: PNG.length });
    const viewer = await t.signUp('viewer@example.no', { member: 'Viewer' });
    const served = await t.request('/api/firm/logo', { token: viewer.token });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect(await records('firm.logo_changed')).toHaveLength(1);
  });

  it('refuses what is no PNG or SVG, and anything over 1 MB, with a clear nor/en text, keeping the logo it had', async () => {
    expect((await putFirm(owner, PROFILE)).status).toBe(200);
    expect((await putLogo(owner, PNG, 'logo.png', 'image/png')).status).toBe(200);
    const type = 'Logoen må være et PNG- eller SVG-bilde';
    const text = new TextEncoder().encode('This is not a picture, whatever its name says');
    await expectRefusal(await putLogo(owner, text, 'logo.png', 'image/png'), 415, 'FIRM_LOGO_TYPE', type);
    await expectRefusal(await putLogo(owner, JPEG, 'logo.jpg', 'image/jpeg'), 415, 'FIRM_LOGO_TYPE', type);
    // A page that calls itself an SVG is judged by its bytes too.
    const page = new TextEncoder().encode('<html><body><script>alert(1)</script><svg></svg></body></html>');
    await expectRefusal(await putLogo(owner, page, 'logo.svg', 'image/svg+xml'), 415, 'FIRM_LOGO_TYPE', type);
    const big = new Uint8Array(MB + 1);
    big.set(PNG);
    await expectRefusal(
      await putLogo(owner, big, 'big.png', 'image/png'),
      413,
      'FIRM_LOGO_TOO_LARGE',
      'Logoen er større enn 1 MB',
    );
    // Far over it, the body is cut off as it streams, with the same answer.
    const huge = new Uint8Array(5 * MB);
    huge.set(PNG);
    const cut = await putLogo(owner, huge, 'huge.png', 'image/png');
    expect(cut.status).toBe(413);
    expect((await cut.json()).code).toBe('FIRM_LOGO_TOO_LARGE');
    const exactly = new Uint8Array(MB);
    exactly.set(PNG);
    // The limit itself is allowed; the refused ones changed nothing before it.
    const kept = await t.request('/api/firm/logo', { token: owner });
    expect(Buffer.from(await kept.arrayBuffer())).toEqual(PNG);
    expect((await putLogo(owner, exactly, 'max.png', 'image/png')).status).toBe(200);
    expect(await records('firm.logo_changed')).toHaveLength(2);
  });

  it('sanitises an SVG exactly as an avatar: no script, handler, foreign object or outside link', async () => {
    expect((await putFirm(owner, PROFILE)).status).toBe(200);
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">' +
      '<script>alert(2)</script><foreignObject><iframe src="https://evil.example"/></foreignObject>' +
      '<a href="https://evil.example"><rect width="10" height="10" fill="#0b6e4f"/></a>' +
      '<image href="https://evil.example/x.png"/><circle cx="5" cy="5" r="3" fill="url(https://evil.example/#g)"/></svg>';
    const res = await putLogo(owner, new TextEncoder().encode(svg), 'logo.png', 'image/png');
    expect(res.status).toBe(200);
    expect((await res.json()).logo.type).toBe('svg');
    const served = await t.request('/api/firm/logo', { token: owner });
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const stored = await served.text();
    expect(stored).toContain('<svg');
    expect(stored).toContain('<rect width="10" height="10" fill="#0b6e4f"');
    for (const bad of ['script', 'onload', 'foreignObject', 'iframe', 'evil.example', '<image', '<a '])
      expect(stored).not.toContain(bad);
  });

  it('removes the logo, and says so when there is none', async () => {
    expect((await putFirm(owner, PROFILE)).status).toBe(200);
    expect((await putLogo(owner, PNG, 'logo.png', 'image/png')).status).toBe(200);
    const removed = await t.request('/api/firm/logo', { method: 'DELETE', token: owner });
    expect(removed.status).toBe(200);
    expect((await removed.json()).logo).toBeNull();
    await expectRefusal(
      await t.request('/api/firm/logo', { token: owner }),
      404,
      'FIRM_LOGO_NOT_FOUND',
      'Firmaet har ingen logo',
    );
    expect(await records('firm.logo_changed')).toHaveLength(2);
  });
});

describe('firmBranding (for the packs and the PDF)', () => {
  it('gives the firm’s name, number, colours, logo and sender by one of its boards or by the firm, and null without a profile', async () => {
    expect(await firmBranding(t.deps.db, t.boardId)).toBeNull();
    expect((await putFirm(owner, PROFILE)).status).toBe(200);
    expect((await putLogo(owner, PNG, 'logo.png', 'image/png')).status).toBe(200);
    const branding = await firmBranding(t.deps.db, t.boardId);
    expect(branding).toEqual({
      firmId: t.userId,
      name: 'Accountflow AS',
      orgNumber: '918874224',
      primaryColor: '#0b6e4f',
      secondaryColor: '#f4d35e',
      logo: { bytes: new Uint8Array(PNG), type: 'png', contentType: 'image/png' },
      senderName: 'Accountflow Regnskap',
      replyTo: 'post@accountflow.no',
    });
    expect(await firmBranding(t.deps.db, t.userId)).toEqual(branding);
    const other = await t.signUp('other@example.no');
    expect(await firmBranding(t.deps.db, other.id)).toBeNull();
  });
});
