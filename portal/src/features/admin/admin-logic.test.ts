import { describe, expect, it } from 'vitest';
import {
  defaultRegistrationRange,
  filterUsers,
  findUserByEmail,
  freeCustomers,
  isValidRange,
  totals,
} from './admin-logic';

const users = [
  { firstName: 'Kari', lastName: 'Nordmann', email: 'kari@example.no', plan: 'free' as const },
  { firstName: 'Ola', lastName: 'Hansen', email: 'ola@regnskap.no', plan: 'trial' as const },
  { firstName: 'Demo', lastName: 'Bruker', email: 'demo@saldo.no', plan: 'paid' as const },
];

describe('filterUsers', () => {
  it('keeps everyone for an empty search', () => {
    expect(filterUsers(users, '  ')).toHaveLength(3);
  });
  it('matches name or e-mail, case-insensitively, every word', () => {
    expect(filterUsers(users, 'KARI').map((u) => u.email)).toEqual(['kari@example.no']);
    expect(filterUsers(users, 'regnskap').map((u) => u.firstName)).toEqual(['Ola']);
    expect(filterUsers(users, 'ola hansen').map((u) => u.firstName)).toEqual(['Ola']);
    expect(filterUsers(users, 'ola nordmann')).toEqual([]);
    expect(filterUsers(users, '.no').map((u) => u.firstName)).toEqual(['Kari', 'Ola', 'Demo']);
  });
});

describe('findUserByEmail', () => {
  it('finds the exact address, ignoring case and spaces, and nothing for a partial one', () => {
    expect(findUserByEmail(users, ' Kari@Example.no ')?.firstName).toBe('Kari');
    expect(findUserByEmail(users, 'kari@example')).toBeUndefined();
    expect(findUserByEmail(users, '')).toBeUndefined();
  });
});

describe('freeCustomers', () => {
  it('is the accounts on the free plan only', () => {
    expect(freeCustomers(users).map((u) => u.firstName)).toEqual(['Kari']);
  });
});

describe('registration range', () => {
  it('defaults to twelve calendar months ending today', () => {
    expect(defaultRegistrationRange(new Date('2026-11-21T12:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2026-11-21',
    });
    expect(defaultRegistrationRange(new Date('2026-01-05T00:00:00Z'))).toEqual({
      from: '2025-02-01',
      to: '2026-01-05',
    });
  });
  it('accepts from ≤ to only', () => {
    expect(isValidRange('2026-01-01', '2026-01-01')).toBe(true);
    expect(isValidRange('2026-02-01', '2026-01-01')).toBe(false);
    expect(isValidRange('', '2026-01-01')).toBe(false);
  });
  it('sums a month table', () => {
    expect(
      totals([
        { registrations: 3, verified: 1 },
        { registrations: 2, verified: 2 },
      ]),
    ).toEqual({ registrations: 5, verified: 3 });
  });
});
