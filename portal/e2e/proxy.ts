/**
 * The documented nginx configuration (deploy/nginx/saldo.conf) run in front of a built Saldo server of
 * its own, for proxy.spec.ts: a self-signed certificate, the ports and certificate swapped into the file,
 * Debian's nginx started on it, and an HTTPS client that can speak from a chosen loopback address.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

export async function waitFor(url: string, what: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer at ${url} within ${ms} ms`);
}

/** A certificate for 127.0.0.1 and localhost, made with openssl. */
export function selfSignedCertificate(dir: string): { cert: string; key: string; pem: string } {
  const cert = join(dir, 'fullchain.pem');
  const key = join(dir, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key, pem: readFileSync(cert, 'utf8') };
}

/** The repository's site file with its ports and certificate swapped; each swap must find its line. */
export function siteConfig(o: { appPort: number; httpPort: number; httpsPort: number; cert: string; key: string }) {
  let conf = readFileSync(join(repoRoot, 'deploy/nginx/saldo.conf'), 'utf8');
  const swaps: Array<[string, string]> = [
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${o.appPort};`],
    ['listen 80;', `listen 127.0.0.1:${o.httpPort};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${o.httpsPort} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['/etc/ssl/saldo/fullchain.pem', o.cert],
    ['/etc/ssl/saldo/privkey.pem', o.key],
  ];
  for (const [from, to] of swaps) {
    if (!conf.includes(from)) throw new Error(`deploy/nginx/saldo.conf no longer has "${from}"`);
    conf = conf.replace(from, to);
  }
  return conf;
}

/** Debian's nginx on the site file, its files under `dir` (temp folders open to its worker's user). */
export async function startNginx(dir: string, site: string, httpsPort: number): Promise<ChildProcess> {
  // nginx's worker runs as another user (nobody, when started as root): it must reach its temp folders.
  chmodSync(dir, 0o711);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, temp), { recursive: true });
    chmodSync(join(dir, temp), 0o777);
  }
  writeFileSync(join(dir, 'saldo.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/saldo.conf;
}
`,
  );
  const nginx = spawn(
    '/usr/sbin/nginx',
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const up = await new Promise<boolean>((done) =>
      httpsRequest({ host: '127.0.0.1', port: httpsPort, path: '/', rejectUnauthorized: false }, (res) => {
        res.resume();
        done(true);
      })
        .on('error', () => done(false))
        .end(),
    );
    if (up) return nginx;
    if (nginx.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not start: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** When each chunk of the body came, in ms since the request was sent. */
  chunkTimes: number[];
  chunks: string[];
}

/** One HTTPS request through the proxy, checked against our certificate, from a chosen loopback address. */
export function viaProxy(
  port: number,
  ca: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
): Promise<Answer> {
  const sent = Date.now();
  return new Promise((done, fail) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: init.method ?? 'GET',
        headers: { 'accept-encoding': 'gzip', ...init.headers },
        ca,
        localAddress: init.from ?? '127.0.0.2',
      },
      (res) => {
        const chunks: Buffer[] = [];
        const chunkTimes: number[] = [];
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          chunkTimes.push(Date.now() - sent);
        });
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            chunkTimes,
            chunks: chunks.map((c) => c.toString('utf8')),
          }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(init.body);
  });
}
