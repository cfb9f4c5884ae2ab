import { describe, expect, it } from 'vitest';
import guide from '../../docs/embedding.md?raw';
import { tags } from './elements';

// The embedding guide is what partners read: every element the SDK defines must be in it, with the
// name an embed token gives it (its tag without `saldo-`).
describe('docs/embedding.md', () => {
  it('lists every element with its token name', () => {
    for (const tag of tags) {
      const element = tag.slice('saldo-'.length);
      const row = guide.split('\n').find((line) => line.startsWith(`| \`<${tag}>\` |`));
      expect(row, tag).toBeDefined();
      if (tag !== 'saldo-ai-widget') expect(row, tag).toContain(`\`${element}`);
    }
  });
});
