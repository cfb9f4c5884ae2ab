// @ts-check
// A partner's own tiny backend, on its own origin: it serves the partner's pages and signs Saldo embed
// tokens with an embed key's secret. The secret stays here, on the server; the browser only ever sees
// tokens that name one board, a few elements and expire within the hour. A user's Saldo password is
// never involved.
//
//   SALDO_URL=http://localhost:3000 SALDO_BOARD_ID=… SALDO_EMBED_KEY_ID=ek_… SALDO_EMBED_SECRET=… \
//     npm run partner-site -w @saldo/examples          # http://localhost:4100
//
// Make the key in Saldo (Boards → Embedding) with this site's origin, e.g. http://localhost:4100.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';

const env = process.env;
const PORT = Number(env.PORT ?? 4100);
const SALDO_URL = (env.SALDO_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const BOARD = env.SALDO_BOARD_ID ?? '';
const KEY_ID = env.SALDO_EMBED_KEY_ID ?? '';
const SECRET = env.SALDO_EMBED_SECRET ?? '';
/** The elements this partner shows; a token allows these and nothing else. */
const ELEMENTS = ['top-customers', 'top-suppliers', 'turnover', 'mrr', 'profit-loss', 'balance-sheet', 'cash-flow'];
/** Ten minutes: the SDK asks for a new token a minute before it runs out. */
const TOKEN_SECONDS = 10 * 60;

const root = fileURLToPath(new URL('./public/', import.meta.url));
const types = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
});

/**
 * A token for this page's visitor. A real partner checks its own user's session first and picks the
 * board that user's company has in Saldo; this demo has one board.
 */
async function embedToken() {
  return new SignJWT({ board: BOARD, elements: ELEMENTS })
    .setProtectedHeader({ alg: 'HS256', kid: KEY_ID })
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_SECONDS}s`)
    .sign(new TextEncoder().encode(SECRET));
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://partner').pathname);
  if (path === '/saldo-config') {
    return json(res, 200, {
      saldoUrl: SALDO_URL,
      board: BOARD,
      elements: ELEMENTS,
      ready: !!(BOARD && KEY_ID && SECRET),
    });
  }
  if (path === '/saldo-token') {
    if (!BOARD || !KEY_ID || !SECRET) return json(res, 503, { message: 'No embed key configured' });
    return json(res, 200, { token: await embedToken() });
  }
  // The pages: / (plain HTML with the SDK's script tag) and /react/ (the React example's build).
  let file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
  if (!file.startsWith(root)) return res.writeHead(403).end();
  let body = await readFile(file).catch(() => null);
  // The React app routes in the browser: any other address under /react/ is its page.
  if (!body && path.startsWith('/react/')) {
    file = join(root, 'react/index.html');
    body = await readFile(file).catch(() => null);
  }
  if (!body) return res.writeHead(404).end();
  const type = types[extname(file)] ?? 'application/octet-stream';
  // The page loads the SDK from Saldo's origin: the address is written into the HTML here.
  const out = type.startsWith('text/html') ? body.toString('utf8').replaceAll('%SALDO_URL%', SALDO_URL) : body;
  res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(out);
});

server.listen(PORT, () => console.log(`Partner site on http://localhost:${PORT} (Saldo at ${SALDO_URL})`));
