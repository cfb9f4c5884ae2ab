// @ts-check
// Everything a partner writes on the page: ask its own backend for Saldo's address and a short-lived
// embed token, hand the token source to the SDK, place tags. No Saldo login or password here.
// Plain browser JavaScript (no build step); type-checked with `npm run typecheck -w @saldo/examples`.

/** @type {{ saldoUrl: string; board: string; elements: string[]; ready: boolean } | null} */
let saldo = null;

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
const periodSelect = /** @type {HTMLSelectElement} */ (byId('period'));
const langSelect = /** @type {HTMLSelectElement} */ (byId('lang'));
const themeSelect = /** @type {HTMLSelectElement} */ (byId('theme'));

/** @typedef {'nor' | 'en'} Lang */

// The page's own texts; the widgets translate themselves from their `lang` attribute.
const texts = {
  nor: {
    tagline: 'Nøkkeltall for kundene dine, levert av Saldo med én script-tagg.',
    reactLink: 'React-eksempelet',
    period: 'Periode',
    theme: 'Tema',
    light: 'Lyst',
    dark: 'Mørkt',
    last12: 'Siste 12 måneder',
    thisYear: 'I år',
    lastYear: 'I fjor',
    language: 'Språk',
    keyFigures: 'Nøkkeltall',
    reports: 'Rapporter',
    events: 'Hendelser fra widgetene',
    footer: 'Tallene hentes fra Saldo. Beløp i hele kroner.',
    loading: 'Henter Saldo-oppsettet…',
    notReady:
      'Partnerserveren har ingen innebyggingsnøkkel ennå (SALDO_EMBED_KEY_ID, SALDO_EMBED_SECRET, SALDO_BOARD_ID).',
    failed: 'Kunne ikke hente Saldo-oppsettet: ',
    showing: (/** @type {string} */ period) => `Viser ${period}.`,
    skipped: (/** @type {string[]} */ tags) =>
      `Denne versjonen av Saldo-SDK-en har ikke ${tags.join(', ')}; de er utelatt fra siden.`,
  },
  en: {
    tagline: 'Key figures for your clients, delivered by Saldo with one script tag.',
    reactLink: 'The React example',
    period: 'Period',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    last12: 'Last 12 months',
    thisYear: 'This year',
    lastYear: 'Last year',
    language: 'Language',
    keyFigures: 'Key figures',
    reports: 'Reports',
    events: 'Events from the widgets',
    footer: 'Figures come from Saldo. Amounts in whole kroner.',
    loading: 'Fetching the Saldo set-up…',
    notReady: 'The partner server has no embed key yet (SALDO_EMBED_KEY_ID, SALDO_EMBED_SECRET, SALDO_BOARD_ID).',
    failed: 'Could not fetch the Saldo set-up: ',
    showing: (/** @type {string} */ period) => `Showing ${period}.`,
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

/** The page's embed token, from the partner's own backend: the SDK asks for one for every element, and again before it expires. */
async function embedToken() {
  const res = await fetch('/saldo-token', { headers: { accept: 'application/json' } });
  if (!res.ok) return null;
  return /** @type {{ token: string }} */ (await res.json()).token;
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
  if (saldo?.ready) setStatus(t().showing(periodText()));
}

/** Light or dark: the page's own colours, and the elements' `theme` attribute. */
function applyTheme() {
  const theme = themeSelect.value === 'dark' ? 'dark' : 'light';
  document.body.dataset.theme = theme;
  for (const el of document.querySelectorAll('.widget')) el.setAttribute('theme', theme);
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
    el.setAttribute('board', saldo?.board ?? '');
    el.setAttribute('theme', themeSelect.value === 'dark' ? 'dark' : 'light');
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
  setStatus(t().showing(periodText()));
}

function changePeriod() {
  const { from, to } = range();
  for (const el of document.querySelectorAll('.widget')) {
    el.setAttribute('from', from);
    el.setAttribute('to', to);
  }
  setStatus(t().showing(periodText()));
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

async function start() {
  setStatus(t().loading);
  try {
    const res = await fetch('/saldo-config', { headers: { accept: 'application/json' } });
    saldo = await res.json();
  } catch (error) {
    setStatus(`${t().failed}${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (!saldo?.ready) {
    setStatus(t().notReady);
    return;
  }
  // Every element reads from Saldo's origin with the token the partner's backend signs.
  window.Saldo.configure({ baseUrl: saldo.saldoUrl, getToken: embedToken });
  renderWidgets();
}

periodSelect.addEventListener('change', changePeriod);
langSelect.addEventListener('change', applyLang);
themeSelect.addEventListener('change', applyTheme);
const wantedTheme = new URLSearchParams(location.search).get('theme');
if (wantedTheme === 'dark') themeSelect.value = 'dark';
applyTheme();
void start();
