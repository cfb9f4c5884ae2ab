import type { APIRequestContext, Page } from '@playwright/test';
import { foreignWords, type Language } from '../src/locales/words';
import { expect, test } from './csp';
import { expectLoaded, type Ids, prepare, shareBoard, walkAsVisitors } from './route-list';
import { ADMIN, authHeaders, dismissWelcome } from './session';

/**
 * Issue 27, "Words": every route of route-list.ts, in Norwegian and in English, fails on a visible word
 * of the other language (the word lists of src/locales/words.ts: everyday interface words of each
 * language that are not words of the other). Visible means the text of every shown element, in the
 * page and in every Saldo element's shadow root, and the labels a screen reader reads (aria-label,
 * placeholder, title, alt). Besides the lists' own allow-list (product names, e-mail and web addresses,
 * figures), the names the install's data holds are data, not labels (dataNames).
 */

/**
 * The names this install's data holds (users, their companies, boards, sub-boards and sources, the
 * assistant's saved questions and answers, the names in the audit trail's records; other
 * journeys on the same server add theirs, e.g. the SAF-T fixtures' "Selskapet AS"): data, not labels.
 * Read from the API just before a walk, longest first.
 */
async function dataNames(request: APIRequestContext): Promise<string[]> {
  const get = async <T>(path: string, headers: Record<string, string>): Promise<T> => {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  const admin = await authHeaders(request, ADMIN);
  const users = await get<Array<{ firstName: string; lastName: string; companyName: string | null }>>(
    '/api/admin/users',
    admin,
  );
  const companies = await get<Array<{ name: string; owner: { name: string } }>>('/api/admin/companies', admin);
  // The audit trail's first page (what /admin/audit shows): the names its records hold (other users' sources too).
  const audit = await get<{ events: Array<{ target: Record<string, unknown> }> }>('/api/audit', admin);
  const recorded = audit.events.flatMap((e) => (typeof e.target.name === 'string' ? [e.target.name] : []));
  const demo = await authHeaders(request);
  const boards = await get<Array<{ _id: string; name: string }>>('/api/group-account', demo);
  const sources = await get<Array<{ name: string }>>('/api/api-account', demo);
  const subBoards = (
    await Promise.all(boards.map((b) => get<Array<{ name: string }>>(`/api/dashboard-folders/${b._id}`, demo)))
  ).flat();
  // The assistant's saved questions and answers are what a user asked and a model wrote, in their words.
  const asked = (
    await Promise.all(
      boards.map((b) =>
        get<Array<{ question: string; answer: { text: string } }>>(`/api/assistant/${b._id}/questions`, demo),
      ),
    )
  ).flat();
  const names = [
    ...asked.flatMap((q) => [q.question, q.answer.text]),
    ...users.flatMap((u) => [`${u.firstName} ${u.lastName}`, u.firstName, u.lastName, u.companyName ?? '']),
    ...companies.flatMap((c) => [c.name, c.owner.name]),
    ...recorded,
    ...[...boards, ...sources, ...subBoards].map((x) => x.name),
  ];
  return [...new Set(names.filter((n) => n.trim()))].sort((a, b) => b.length - a.length);
}

/** Every visible text of the page, with where it was found. Runs in the page. */
function visibleTexts(): Array<{ text: string; at: string }> {
  const out: Array<{ text: string; at: string }> = [];
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'CODE', 'PRE', 'TEMPLATE']);
  const describe = (el: Element) =>
    `${el.localName}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}${
      el.className && typeof el.className === 'string' ? `.${el.className.split(/\s+/)[0]}` : ''
    }`;
  const visit = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      if (SKIP.has(el.tagName) || el.closest('code, pre')) continue;
      const shown = !(el instanceof HTMLElement) || el.checkVisibility({ visibilityProperty: true });
      if (shown) {
        for (const node of el.childNodes)
          if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim())
            out.push({ text: node.textContent.trim(), at: describe(el) });
        for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = el.getAttribute(attribute)?.trim();
          if (value) out.push({ text: value, at: `${describe(el)}@${attribute}` });
        }
      }
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  return out;
}

/** Opens the route, waits for what it loads, and returns the words of the other language it shows. */
async function wrongWords(
  page: Page,
  route: string,
  testId: string,
  lang: Language,
  data: readonly string[],
): Promise<string[]> {
  await page.goto(route);
  await expect(page.getByTestId(testId).first(), route).toBeVisible();
  await expectLoaded(page, route);
  await page.waitForTimeout(200);
  const texts = await page.evaluate(visibleTexts);
  return texts.flatMap(({ text, at }) => {
    const cleaned = data.reduce((rest, name) => rest.split(name).join(' '), text);
    const words = foreignWords(cleaned, lang);
    return words.length ? [`${route} ${at}: “${text}” (${words.join(', ')})`] : [];
  });
}

let ids: Record<Language, Ids>;
test.beforeAll(async ({ request }) => {
  const nor = await prepare(request, 'Ordtest');
  // The same link in English: a public page speaks its link's language.
  const publicBoard = await shareBoard(request, await authHeaders(request), nor.board, 'en');
  ids = { nor, en: { ...nor, publicBoard } };
});

for (const lang of ['nor', 'en'] as const) {
  test(`every route in ${lang === 'nor' ? 'Norwegian shows no English' : 'English shows no Norwegian'} word`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await page.addInitScript((language) => localStorage.setItem('i18nextLng', language), lang);
    const data = await dataNames(request);
    const wrong: string[] = [];
    await walkAsVisitors(page, ids[lang], {
      landing: 'sidebar',
      visit: async (address, testId) => {
        wrong.push(...(await wrongWords(page, address, testId, lang, data)));
      },
      demoFirst: () => dismissWelcome(page),
      logOut: async () => {
        await page.getByTestId('profile-menu-button').click();
        await page.getByTestId('logout-button').click();
        await expect(page.getByTestId('login-form')).toBeVisible();
      },
    });

    expect(wrong).toEqual([]);
  });
}
