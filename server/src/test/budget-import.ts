import type { BudgetIssue } from '@saldo/contract';
import { budgetIssueText } from '@saldo/contract/budgets/budgets';
import { expect } from 'vitest';

/** A refused budget import's issues, each as the portal shows it in both languages. */
export async function refusedImport(res: Response) {
  expect(res.status).toBe(422);
  const body = (await res.json()) as { code: string; details: { issues: BudgetIssue[] } };
  expect(body.code).toBe('BUDGET_IMPORT_INVALID');
  return body.details.issues.map((issue) => ({
    ...issue,
    nor: budgetIssueText(issue, 'nor'),
    en: budgetIssueText(issue, 'en'),
  }));
}
