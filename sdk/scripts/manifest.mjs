// Writes custom-elements.json (schema 2.1.0 of the Custom Elements Manifest) from the sources,
// with plain regexes and no TypeScript: the tags come from src/generated/elements.ts, and each element's
// attributes, events and parts from the @attr, @fires and @csspart tags of its JSDoc (above its defineElement).
// Runs as part of `npm run build`; `npm run manifest` alone regenerates it.
import { readFileSync, writeFileSync } from 'node:fs';
import { readElements } from './elements.mjs';

const root = new URL('../', import.meta.url);

/** `@tag name - description` lines of a JSDoc block; continuation lines join the description. */
function docTags(doc, tag) {
  const found = [];
  let current = null;
  for (const raw of doc.split('\n')) {
    const line = raw.replace(/^\s*\*\s?/, '').trimEnd();
    const match = /^@(\w+)\s+([\w-]+)\s*(?:-\s*)?(.*)$/.exec(line);
    if (match) {
      current = match[1] === tag ? { name: match[2], description: match[3] } : null;
      if (current) found.push(current);
    } else if (current && line && !line.startsWith('@')) {
      current.description += ` ${line.trim()}`;
    } else {
      current = null;
    }
  }
  return found;
}

/** The JSDoc block right above `export const <name> = defineElement(` (every element is made so). */
function classDoc(source, className) {
  const match = new RegExp(
    `/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export const ${className}\\b[^=]*= defineElement\\b`,
  ).exec(source);
  if (!match) throw new Error(`no JSDoc for ${className}`);
  return match[1];
}

/** Attribute names of a `properties = { … }` block or a `properties: { … }` line (not internal `state: true` ones). */
function staticAttributes(block) {
  return [...block.matchAll(/(\w+): \{ type: \w+(?:, attribute: '([\w-]+)')?/g)].map(([, prop, attr]) => attr ?? prop);
}

/** The attributes an element's spec declares of its own: its `properties:` line (none for a top list's). */
function ownAttributes(source, className) {
  const from = source.slice(source.search(new RegExp(`export const ${className}\\b`)));
  return staticAttributes(/^\s*properties: (\{.*\}),$/m.exec(from.slice(0, from.indexOf('\n});') + 1))?.[1] ?? '');
}

const read = (path) => readFileSync(new URL(path, root), 'utf8');
// The base's attributes every element has; `view` only where the element documents what it does.
const baseAttributes = staticAttributes(
  /static (?:override )?properties = \{([\s\S]*?)\};/.exec(read('src/core/widget-element.ts'))?.[1] ?? '',
).filter((a) => a !== 'view');

const toProperty = (attr) => attr.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

const modules = new Map();
for (const { tag, className, file } of readElements()) {
  const path = `src/${file}`;
  const source = read(path);
  const doc = classDoc(source, className);
  const summary = doc
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim())
    .join(' ')
    .split(/\s@\w/)[0]
    .trim();
  const attributes = docTags(doc, 'attr').map((a) => ({
    name: a.name,
    fieldName: toProperty(a.name),
    description: a.description,
    type: { text: 'string' },
  }));
  const declaration = {
    kind: 'class',
    customElement: true,
    name: className,
    tagName: tag,
    description: summary,
    superclass: { name: 'SaldoElement' },
    attributes,
    events: docTags(doc, 'fires').map((e) => ({
      name: e.name,
      type: { text: 'CustomEvent' },
      description: e.description,
    })),
    cssParts: docTags(doc, 'csspart').map((p) => ({ name: p.name, description: p.description })),
  };
  // The JSDoc must document every attribute the element declares, its own and every element's.
  const declared = [...baseAttributes, ...ownAttributes(source, className)];
  for (const name of declared) {
    if (!attributes.some((a) => a.name === name)) throw new Error(`${className}: attribute ${name} has no @attr`);
  }
  for (const [kind, list] of [
    ['attributes', attributes],
    ['events', declaration.events],
  ]) {
    if (list.length === 0) throw new Error(`${className}: no ${kind} documented`);
  }
  const entry = modules.get(path) ?? { kind: 'javascript-module', path, declarations: [], exports: [] };
  entry.declarations.push(declaration);
  entry.exports.push(
    { kind: 'js', name: className, declaration: { name: className, module: path } },
    { kind: 'custom-element-definition', name: tag, declaration: { name: className, module: path } },
  );
  modules.set(path, entry);
}

const manifest = { schemaVersion: '2.1.0', readme: '', modules: [...modules.values()] };
writeFileSync(new URL('custom-elements.json', root), `${JSON.stringify(manifest, null, 2)}\n`);
const count = [...modules.values()].reduce((n, m) => n + m.declarations.length, 0);
console.log(`custom-elements.json: ${count} elements in ${modules.size} modules`);
