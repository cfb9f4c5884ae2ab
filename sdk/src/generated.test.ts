// @vitest-environment node
// (esbuild, which the generator runs, rejects happy-dom's TextEncoder.)
import { type WidgetDefinition, widgetRegistry, widgetTypes } from '@saldo/contract/widgets/registry';
import { describe, expect, it } from 'vitest';
import { findElement, sources, staleFiles } from '../scripts/generate.mjs';
import { widgets } from './generated/registry';

describe('src/generated (scripts/generate.mjs, from the contract registry)', () => {
  it('is what the registry and the sources give (`npm run generate -w @saldo/sdk` rewrites it)', async () => {
    expect(await staleFiles()).toEqual([]);
  }, 30_000);

  it('carries each registry type, and only the plain fields the SDK reads', () => {
    expect(Object.keys(widgets)).toEqual(widgetTypes);
    for (const type of widgetTypes) {
      const { path, titles, words } = widgetRegistry[type] as WidgetDefinition;
      expect(widgets[type]).toEqual(words ? { path, titles, words } : { path, titles });
    }
  });

  it('finds an element for every registry type, in its own module', () => {
    const widgetSources = sources('widgets');
    for (const type of widgetTypes) {
      const { element } = widgetRegistry[type];
      expect(findElement(type, element, widgetSources).className).toMatch(/^Saldo[A-Z]/);
    }
  });

  it('fails, by type, when a registry type has no element or two', () => {
    const view = "export const SaldoFoo = defineElement('saldo-foo', { request, isEmpty, render });";
    expect(() => findElement('foo', 'saldo-foo', [['widgets/bar/bar-view', 'export class SaldoBar {}']])).toThrow(
      "widget type 'foo' has no SDK element: export SaldoFoo (for <saldo-foo>)",
    );
    expect(() =>
      findElement('foo', 'saldo-foo', [
        ['widgets/foo/foo-view', view],
        ['widgets/foo/foo', "export const SaldoFoo = defineElement('saldo-foo', spec);"],
      ]),
    ).toThrow('SaldoFoo is exported from widgets/foo/foo-view and widgets/foo/foo');
    expect(findElement('foo', 'saldo-foo', [['widgets/foo/foo-view', view]]).module).toBe('widgets/foo/foo-view');
  });

  it('leaves the registry itself out of the SDK at runtime (type imports only)', () => {
    const runtime = sources('.').filter(([, text]) =>
      /^import (?!type )[^;]*from '@saldo\/contract\/widgets\/registry'/m.test(text),
    );
    expect(runtime.map(([module]) => module)).toEqual([]);
    expect(new Map(sources('generated')).get('generated/registry')).toMatch(
      /^import type \{[^}]*\} from '@saldo\/contract\/widgets\/registry';$/m,
    );
  });
});
