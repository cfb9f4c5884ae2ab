// @ts-check
// Everything a partner writes: log in, pick a board, hand the token to the SDK, place tags.
// Plain browser JavaScript (no build step); type-checked with `npm run typecheck -w @saldo/examples`.

/** @type {string | null} */
let token = null;

/** @param {string} id */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el;
}

const statusEl = byId('status');
const widgetsEl = byId('widgets');
const logEl = byId('log');
const boardSelect = /** @type {HTMLSelectElement} */ (byId('board'));
const langSelect = /** @type {HTMLSelectElement} */ (byId('lang'));
const loginForm = /** @type {HTMLFormElement} */ (byId('login'));

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

// The last twelve whole months, as the SDK wants them (yyyy-mm-dd): a partner page shows recent
// figures whatever the time of year, and the demo company's ledger ends at the last full month.
const today = new Date();
const iso = (/** @type {Date} */ d) => d.toISOString().slice(0, 10);
const from = iso(new Date(Date.UTC(today.getFullYear() - 1, today.getMonth(), 1)));
const to = iso(new Date(Date.UTC(today.getFullYear(), today.getMonth(), 0)));
const period = `${from.replaceAll('-', '/')} – ${to.replaceAll('-', '/')}`;

function renderWidgets() {
  const board = boardSelect.value;
  const lang = langSelect.value;
  widgetsEl.replaceChildren();
  for (const tag of ['saldo-top-customers', 'saldo-profit-loss']) {
    const el = document.createElement(tag);
    el.setAttribute('board', board);
    el.setAttribute('from', from);
    el.setAttribute('to', to);
    el.setAttribute('lang', lang);
    el.style.marginBottom = '24px';
    widgetsEl.append(el);
  }
}

// The SDK's events are composed and bubble, so one listener on the page sees every widget.
for (const type of ['saldo-ready', 'saldo-error', 'saldo-drill']) {
  document.addEventListener(type, (event) => {
    const detail = /** @type {CustomEvent} */ (event).detail;
    const summary = type === 'saldo-ready' ? (Array.isArray(detail) ? `${detail.length} rows` : 'report') : detail;
    logEl.textContent = `${type} ${JSON.stringify(summary)}\n${logEl.textContent}`.slice(0, 4000);
  });
}

loginForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(loginForm);
  setStatus('Logger inn…');
  try {
    const login = await api('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: form.get('email'), password: form.get('password') }),
    });
    token = login.jwtToken;
    /** @type {{ _id: string; name: string }[]} */
    const boards = await api('/api/group-account');
    if (boards.length === 0) {
      setStatus('Brukeren har ingen tavler ennå.');
      return;
    }
    // getToken is called on every request, so a token replaced later is picked up.
    window.Saldo.configure({ getToken: () => token });
    boardSelect.replaceChildren(...boards.map((b) => new Option(b.name, b._id)));
    byId('controls').hidden = false;
    loginForm.hidden = true;
    setStatus(`Innlogget. Viser ${period} for ${boards[0]?.name}.`);
    renderWidgets();
  } catch (error) {
    setStatus(`Innlogging feilet: ${error instanceof Error ? error.message : String(error)}`);
  }
});

boardSelect.addEventListener('change', renderWidgets);
// Changing an attribute is enough: the elements re-render (lang) or re-fetch (board, from, to).
langSelect.addEventListener('change', () => {
  for (const el of widgetsEl.children) el.setAttribute('lang', langSelect.value);
});
