/**
 * The screenshots in README.md and docs/ (issue 31), and the sources each one shows. `npm run
 * docs:screenshots` (portal/scripts/doc-screenshots.ts) takes them from the built product and writes
 * docs/img/manifest.json: for each picture, the SHA-256 of the picture and of the sources below as they
 * were when it was taken. server/test-tools/repo-rules/doc-screenshots.test.ts hashes the sources again
 * and fails, naming the picture, when they changed since: a documented screenshot is then older than the
 * UI it shows. This module only reads files, so the test imports it without a browser.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface DocShot {
  /** The file under docs/img/. */
  file: string;
  /** What it shows, in words (the image's alt text in the docs). */
  alt: string;
  /** The window it is taken in. */
  viewport: { width: number; height: number };
  /** The whole page rather than one window of it. */
  fullPage?: boolean;
  /** The portal's address it shows. */
  path: string;
  /** Files and folders (relative to the repository) whose code and texts draw the screen. */
  sources: string[];
}

/** What every signed-in page draws around itself: the shell, the shared parts, the styles and the texts. */
const SHELL = [
  'portal/src/main.tsx',
  'portal/src/app/shell',
  'portal/src/app/providers.tsx',
  'portal/src/components',
  'portal/src/styles',
  'portal/src/locales',
  'portal/src/lib',
  'portal/src/features/auth',
  'portal/src/features/billing',
  'portal/src/features/boards',
  'portal/src/features/data-health',
  'portal/src/features/help',
  'portal/src/features/profile',
  'portal/src/features/share',
  'portal/src/features/sync',
];
/** A board's figures: the SDK's elements and the contract's formatting and rows they read. */
const FIGURES = [
  'sdk/src',
  'server/contract/src/numbers',
  'server/contract/src/statements',
  'server/contract/src/widgets',
];

export const DOC_SHOTS: DocShot[] = [
  {
    file: 'dashboard.png',
    alt: "The demo company's dashboard: the top ten customers, the profit and loss month by month, and the board's facts",
    viewport: { width: 1440, height: 900 },
    fullPage: true,
    path: '/dashboard',
    sources: [...SHELL, ...FIGURES, 'portal/src/features/dashboard', 'portal/src/features/period'],
  },
  {
    file: 'phone-dashboard.png',
    alt: 'The dashboard on a 390 px phone: a compact top bar with the menu button, and the widgets in one column',
    viewport: { width: 390, height: 844 },
    path: '/dashboard',
    sources: [...SHELL, ...FIGURES, 'portal/src/features/dashboard', 'portal/src/features/period'],
  },
  {
    file: 'profit-loss.png',
    alt: "The profit and loss statement of the demo company's last year, month by month",
    viewport: { width: 1280, height: 800 },
    path: '/profit',
    sources: [...SHELL, ...FIGURES, 'portal/src/features/reports', 'portal/src/features/period'],
  },
  {
    file: 'sources.png',
    alt: 'The sources page: the demo company as a source, with its last sync and the buttons to add Tripletex or SAF-T',
    viewport: { width: 1280, height: 800 },
    path: '/api-settings/api-accounts',
    sources: [...SHELL, 'portal/src/features/api-accounts'],
  },
  {
    file: 'embed-keys.png',
    alt: "A board's embedding page (Tavler → Innebygging): the board id to copy, the form for a new key, and the keys",
    viewport: { width: 1280, height: 800 },
    path: '/group/{board}/embed',
    sources: [...SHELL, 'portal/src/features/embed'],
  },
];

export const DOCS_IMG = 'docs/img';
export const MANIFEST = `${DOCS_IMG}/manifest.json`;
/** The command that takes the pictures again. */
export const RETAKE = 'npm run build && npm run docs:screenshots';

export interface ManifestEntry {
  alt: string;
  sources: string[];
  /** SHA-256 over the sources' paths and contents (line endings as LF), tests left out. */
  sourcesHash: string;
  /** SHA-256 of the PNG file. */
  imageHash: string;
}
export type Manifest = Record<string, ManifestEntry>;

/** Test files draw nothing, so changing one leaves the pictures current. */
const drawsNothing = (path: string) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(path) || path.split('/').includes('test');

/** Every file under the given paths, repository-relative with `/`, sorted, tests left out. */
export function sourceFiles(root: string, paths: string[]): string[] {
  const files = new Set<string>();
  const walk = (path: string) => {
    const full = join(root, path);
    if (statSync(full).isDirectory()) {
      // Dot files (an editor's swap file, .DS_Store) draw nothing either.
      for (const name of readdirSync(full))
        if (name !== 'node_modules' && name !== 'dist' && !name.startsWith('.')) walk(`${path}/${name}`);
    } else if (!drawsNothing(path)) {
      files.add(path);
    }
  };
  for (const path of paths) walk(path.split(sep).join('/'));
  return [...files].sort();
}

/**
 * One hash of the sources: each file's path and contents, with CRLF read as LF so a checkout on
 * Windows hashes the same. Contents, never modification times, so a fresh clone agrees with the tree the
 * pictures were taken from.
 */
export function sourcesHash(root: string, paths: string[]): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles(root, paths)) {
    hash.update(`${file}\0`);
    const bytes = readFileSync(join(root, file));
    // Text (no NUL byte) with its line endings as LF; anything else byte for byte.
    hash.update(bytes.includes(0) ? bytes : bytes.toString('utf8').replace(/\r\n/g, '\n'));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export const fileHash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** A path relative to the repository, for messages. */
export const fromRoot = (root: string, path: string) => relative(root, path).split(sep).join('/');
