// @ts-check
// Everything a partner writes: log in, pick a board, hand the token to the SDK, place tags.
// Plain browser JavaScript (no build step); type-checked with `npm run typecheck -w @saldo/examples`.

/** @type {string | null} */
let token = null;
/** @type {string | null} */
let refreshToken = null;

/** @param {string} id */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el;
}

const statusEl = byId('status');
const noteEl = byId('note');
const widgetsEl = byId('widgets');
const reportsEl = byId('reports');
const logEl = byId('log');
const boardSelect = /** @type {HTMLSelectElement} */ (byId('board'));
const periodSelect = /** @type {HTMLSelectElement} */ (byId('period'));
const langSelect = /** @type {HTMLSelectElement} */ (byId('lang'));
const loginForm = /** @type {HTMLFormElement} */ (byId('login'));

/** @typedef {'nor' | 'en'} Lang */

// The page's own texts; the widgets translate themselves from their `lang` attribute.
const texts = {
  nor: {
    tagline: 'Nøkkeltall for kundene dine, levert av Saldo med én script-tagg.',
    reactLink: 'React-eksempelet',
    email: 'E-post',
    password: 'Passord',
    login: 'Logg inn',
    board: 'Tavle',
    period: 'Periode',
    last12: 'Siste 12 måneder',
    thisYear: 'I år',
    lastYear: 'I fjor',
    language: 'Språk',
    keyFigures: 'Nøkkeltall',
    reports: 'Rapporter',
    events: 'Hendelser fra widgetene',
    footer: 'Tallene hentes fra Saldo. Beløp i hele kroner.',
    loggingIn: 'Logger inn…',
    noBoards: 'Brukeren har ingen tavler ennå.',
    loginFailed: 'Innlogging feilet: ',
    showing: (/** @type {string} */ period, /** @type {string} */ board) => `Innlogget. Viser ${period} for ${board}.`,
    skipped: (/** @type {string[]} */ tags) =>
      `Denne versjonen av Saldo-SDK-en har ikke ${tags.join(', ')}; de er utelatt fra siden.`,
  },
  en: {
    tagline: 'Key figures for your clients, delivered by Saldo with one script tag.',
    reactLink: 'The React example',
    email: 'E-mail',
    password: 'Password',
    login: 'Log in',
    board: 'Board',
    period: 'Period',
    last12: 'Last 12 months',
    thisYear: 'This year',
    lastYear: 'Last year',
    language: 'Language',
    keyFigures: 'Key figures',
    reports: 'Reports',
    events: 'Events from the widgets',
    footer: 'Figures come from Saldo. Amounts in whole kroner.',
    loggingIn: 'Logging in…',
    noBoards: 'The user has no boards yet.',
    loginFailed: 'Login failed: ',
    showing: (/** @type {string} */ period, /** @type {string} */ board) =>
      `Logged in. Showing ${period} for ${board}.`,
    skipped: (/** @type {string[]} */ tags) =>
      `This version of the Saldo SDK has no ${tags.join(', ')}; they are left out of the page.`,
  },
};

/** @returns {Lang} */
function lang() {
  return langSelect.value === 'en' ? 'en' : 'nor';
}

function t() {
  return texts[lang()];
}

/** The widgets (key figures grid) and reports (full width) the page wants, in order. */
const wanted = {
  widgets: [{ tag: 'saldo-top-customers' }, { tag: 'saldo-top-suppliers' }, { tag: 'saldo-turnover' }],
  reports: [
    { tag: 'saldo-profit-loss' },
    // The last month end next to the same date a year earlier.
    { tag: 'saldo-balance-sheet', attrs: { view: 'total', compare: 'lastYear' } },
  ],
};

/** @param {string} text */
function setStatus(text) {
  statusEl.textContent = text;
}

/**
 * @param {string} path
 * @param {RequestInit} [init]
 */
async function api(path, init = {}) {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  const res = await fetch(path, { ...init, headers });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.message ?? `HTTP ${res.status}`);
  return body;
}

/** Swaps the refresh token for a new pair; the SDK calls it once after a 401 (short-lived tokens). */
async function refresh() {
  if (!refreshToken) return false;
  try {
    const pair = await api('/api/auth/refresh-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    token = pair.jwtToken;
    refreshToken = pair.refreshToken;
    return true;
  } catch {
    return false;
  }
}

const iso = (/** @type {Date} */ d) => d.toISOString().slice(0, 10);

/**
 * The chosen period as the SDK wants it (yyyy-mm-dd). "Last 12 months" ends at the last whole
 * month: a partner page shows recent figures whatever the time of year.
 * @returns {{ from: string; to: string }}
 */
function range() {
  const today = new Date();
  const y = today.getFullYear();
  switch (periodSelect.value) {
    case 'thisYear':
      return { from: `${y}-01-01`, to: `${y}-12-31` };
    case 'lastYear':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
    default:
      return {
        from: iso(new Date(Date.UTC(y - 1, today.getMonth(), 1))),
        to: iso(new Date(Date.UTC(y, today.getMonth(), 0))),
      };
  }
}

function periodText() {
  const { from, to } = range();
  return `${from.replaceAll('-', '/')} – ${to.replaceAll('-', '/')}`;
}

/** Applies the page language to its own texts and to every widget. */
function applyLang() {
  const l = lang();
  const dict = /** @type {Record<string, unknown>} */ (texts[l]);
  document.documentElement.lang = l === 'en' ? 'en' : 'nb';
  for (const el of document.querySelectorAll('[data-i18n]')) {
    const text = dict[/** @type {HTMLElement} */ (el).dataset.i18n ?? ''];
    if (typeof text === 'string') el.textContent = text;
  }
  // Changing an attribute is enough: the elements re-render (lang) or re-fetch (board, from, to).
  for (const el of document.querySelectorAll('.widget')) el.setAttribute('lang', l);
  updateNote();
  if (boardSelect.value) setStatus(t().showing(periodText(), boardSelect.selectedOptions[0]?.text ?? ''));
}

/** Tags this copy of the SDK does not define; the page leaves them out instead of showing empty boxes. */
function missingTags() {
  return [...wanted.widgets, ...wanted.reports].map((w) => w.tag).filter((tag) => !customElements.get(tag));
}

function updateNote() {
  const missing = missingTags().map((tag) => `<${tag}>`);
  noteEl.hidden = missing.length === 0;
  noteEl.textContent = missing.length ? t().skipped(missing) : '';
}

/**
 * @param {HTMLElement} container
 * @param {{ tag: string; attrs?: Record<string, string> }[]} list
 */
function place(container, list) {
  const { from, to } = range();
  container.replaceChildren();
  for (const { tag, attrs = {} } of list) {
    if (!customElements.get(tag)) continue;
    const el = document.createElement(tag);
    el.className = 'widget';
    el.setAttribute('board', boardSelect.value);
    el.setAttribute('from', from);
    el.setAttribute('to', to);
    el.setAttribute('lang', lang());
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    container.append(el);
  }
}

function renderWidgets() {
  place(widgetsEl, wanted.widgets);
  place(reportsEl, wanted.reports);
  byId('widgets-section').hidden = false;
  byId('reports-section').hidden = false;
  updateNote();
  setStatus(t().showing(periodText(), boardSelect.selectedOptions[0]?.text ?? ''));
}

function changePeriod() {
  const { from, to } = range();
  for (const el of document.querySelectorAll('.widget')) {
    el.setAttribute('from', from);
    el.setAttribute('to', to);
  }
  setStatus(t().showing(periodText(), boardSelect.selectedOptions[0]?.text ?? ''));
}

// The SDK's events are composed and bubble, so one listener on the page sees every widget.
for (const type of ['saldo-ready', 'saldo-error', 'saldo-drill']) {
  document.addEventListener(type, (event) => {
    const detail = /** @type {CustomEvent} */ (event).detail;
    const source = /** @type {Element} */ (event.target).localName;
    const summary = type === 'saldo-ready' ? (Array.isArray(detail) ? `${detail.length} rows` : 'report') : detail;
    logEl.textContent = `${type} ${source} ${JSON.stringify(summary)}\n${logEl.textContent}`.slice(0, 4000);
  });
}

loginForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(loginForm);
  setStatus(t().loggingIn);
  try {
    const login = await api('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: form.get('email'), password: form.get('password') }),
    });
    token = login.jwtToken;
    refreshToken = login.refreshToken;
    /** @type {{ _id: string; name: string }[]} */
    const boards = await api('/api/group-account');
    if (boards.length === 0) {
      setStatus(t().noBoards);
      return;
    }
    // getToken is called on every request, so a token replaced by refresh() is picked up.
    window.Saldo.configure({ getToken: () => token, refresh });
    boardSelect.replaceChildren(...boards.map((b) => new Option(b.name, b._id)));
    byId('controls').hidden = false;
    loginForm.hidden = true;
    renderWidgets();
  } catch (error) {
    setStatus(`${t().loginFailed}${error instanceof Error ? error.message : String(error)}`);
  }
});

boardSelect.addEventListener('change', () => {
  for (const el of document.querySelectorAll('.widget')) el.setAttribute('board', boardSelect.value);
  setStatus(t().showing(periodText(), boardSelect.selectedOptions[0]?.text ?? ''));
});
periodSelect.addEventListener('change', changePeriod);
langSelect.addEventListener('change', applyLang);
