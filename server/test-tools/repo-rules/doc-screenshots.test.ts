import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DOC_SHOTS,
  DOCS_IMG,
  fileHash,
  MANIFEST,
  type Manifest,
  RETAKE,
  sourcesHash,
} from '../../../portal/scripts/doc-shots.ts';

// Issue 31: the pictures in the docs are taken by a script from the built product, and a picture older than
// the UI it shows fails here. "Older" is by content: the hash of the sources that draw the screen, recorded
// when the picture was taken (docs/img/manifest.json), against the same hash of the tree now.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, MANIFEST), 'utf8')) as Manifest;

describe('the screenshots in the docs', () => {
  it('are the ones the script takes, each with its entry in the manifest', () => {
    const onDisk = readdirSync(join(root, DOCS_IMG))
      .filter((f) => f.endsWith('.png'))
      .sort();
    const listed = DOC_SHOTS.map((s) => s.file).sort();
    expect(onDisk).toEqual(listed);
    expect(Object.keys(manifest).sort()).toEqual(listed);
    for (const shot of DOC_SHOTS) expect(manifest[shot.file]!.sources, shot.file).toEqual(shot.sources);
  });

  it('are the files the script wrote (a picture replaced by hand fails)', () => {
    const replaced = DOC_SHOTS.filter((s) => fileHash(join(root, DOCS_IMG, s.file)) !== manifest[s.file]?.imageHash);
    expect(replaced.map((s) => `${s.file}: not the picture the script took; run ${RETAKE}`)).toEqual([]);
  });

  it('are not older than the UI they show', () => {
    const stale = DOC_SHOTS.filter((s) => sourcesHash(root, s.sources) !== manifest[s.file]?.sourcesHash);
    expect(
      stale.map(
        (s) => `${DOCS_IMG}/${s.file} shows ${s.path}, whose sources changed since it was taken: run ${RETAKE}`,
      ),
    ).toEqual([]);
  });

  it('are each shown somewhere in README.md or docs/', () => {
    const texts = [
      'README.md',
      ...readdirSync(join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ]
      .map((f) => readFileSync(join(root, f), 'utf8'))
      .join('\n');
    const unused = DOC_SHOTS.filter((s) => !texts.includes(`img/${s.file}`));
    expect(unused.map((s) => s.file)).toEqual([]);
  });

  it('would notice a change: the hash follows a source file', () => {
    // The hash reads contents (a file of the shot's sources hashed alone differs from the empty list).
    const shot = DOC_SHOTS[0]!;
    expect(sourcesHash(root, shot.sources)).not.toBe(sourcesHash(root, shot.sources.slice(1)));
    expect(existsSync(join(root, shot.sources[0]!))).toBe(true);
  });
});
