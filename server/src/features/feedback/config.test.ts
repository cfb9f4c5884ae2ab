import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'saldo-feedback-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const config = (env: NodeJS.ProcessEnv) => loadConfig({ SALDO_DATA_DIR: dataDir, ...env });

describe('SALDO_FEEDBACK_EMAIL', () => {
  it('is off when unset or blank, one trimmed address when set', () => {
    expect(config({}).feedbackEmail).toBeUndefined();
    expect(config({ SALDO_FEEDBACK_EMAIL: '  ' }).feedbackEmail).toBeUndefined();
    expect(config({ SALDO_FEEDBACK_EMAIL: ' support@saldo.no ' }).feedbackEmail).toBe('support@saldo.no');
  });

  it('refuses at start what is not one plain address, rather than losing every report later', () => {
    for (const bad of ['support', 'a@b', 'Saldo <support@saldo.no>', 'a@saldo.no,b@saldo.no', 'a b@saldo.no'])
      expect(() => config({ SALDO_FEEDBACK_EMAIL: bad }), bad).toThrow(
        /SALDO_FEEDBACK_EMAIL must be one e-mail address/,
      );
  });
});
