import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { limitsOf } from '../deps.ts';
import { defaultLimits } from './rate-limit.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'saldo-signup-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const config = (env: NodeJS.ProcessEnv) => loadConfig({ SALDO_DATA_DIR: dataDir, ...env });

describe('SALDO_SIGNUPS_PER_IP_HOUR', () => {
  it('keeps ten sign-ups per address an hour by default, and an install may raise it', () => {
    expect(limitsOf(config({})).signupPerIp).toEqual({ max: 10, windowMs: 60 * 60_000 });
    const raised = limitsOf(config({ SALDO_SIGNUPS_PER_IP_HOUR: '40' }));
    expect(raised.signupPerIp).toEqual({ max: 40, windowMs: 60 * 60_000 });
    // Only the sign-up limit moves.
    expect({ ...raised, signupPerIp: defaultLimits.signupPerIp }).toEqual(defaultLimits);
  });

  it('refuses at start what is not a positive whole number', () => {
    for (const bad of ['0', '-3', 'many', '2.5'])
      expect(() => config({ SALDO_SIGNUPS_PER_IP_HOUR: bad }), bad).toThrow(/SALDO_SIGNUPS_PER_IP_HOUR/);
  });
});
