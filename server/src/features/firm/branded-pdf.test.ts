import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app.ts';
import { putFirm, putLogo } from '../../test/firm.ts';
import { pageText, readBack } from '../exports/pdf/read-back.ts';

/** A board's PDF export under its firm's name once the firm has a profile (issue 30), and Saldo's before. */
describe('the PDF export of a firm with a profile', () => {
  it('names the firm on the cover and every page, with its logo', async () => {
    const t = await createTestApp();
    const token = (await t.login()).jwtToken;
    const exportPdf = async () => {
      const res = await t.request(`/api/exports/${t.boardId}`, {
        method: 'POST',
        token,
        body: JSON.stringify({
          format: 'pdf',
          widgets: [],
          pages: ['profitloss'],
          startDate: '2026-01-01',
          endDate: '2026-03-31',
          lang: 'nor',
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return readBack(new Uint8Array(await res.arrayBuffer()));
    };
    const before = await exportPdf();
    expect(pageText(before, 1)).not.toContain('Utarbeidet av');
    expect(before.images.length).toBe(0);

    expect((await putFirm(t, token)).status).toBe(200);
    expect((await putLogo(t, token)).status).toBe(200);
    const after = await exportPdf();
    expect(pageText(after, 1)).toContain('Utarbeidet av Accountflow AS');
    expect(pageText(after, 1)).toContain('918 874 224');
    for (let page = 2; page <= after.pages; page++) expect(pageText(after, page)).toContain('Accountflow AS');
    expect(after.images.length).toBeGreaterThan(0);
  });
});
