import type { BudgetImportResult, BudgetSaveRequest, BudgetYear } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, routeUrl } from '../../lib/api';

export const budgetKey = (groupId: string, year: number) => ['budget', groupId, year] as const;

export function budgetQuery(groupId: string, year: number) {
  return queryOptions({
    queryKey: budgetKey(groupId, year),
    queryFn: ({ signal }) => api.get('/budgets/:groupId', { params: { groupId }, query: { year }, signal }),
  });
}

export function saveBudget(groupId: string, body: BudgetSaveRequest): Promise<BudgetYear> {
  return api.put('/budgets/:groupId', { params: { groupId }, body });
}

export function importBudget(groupId: string, file: File): Promise<BudgetImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload('/budgets/:groupId/import', form, { params: { groupId } });
}

export function downloadTemplate(groupId: string, year: number, format: 'xlsx' | 'csv', lang: 'nor' | 'en') {
  return api.download(routeUrl('/budgets/:groupId/template', { groupId }, { year, format, lang }));
}

/** A start for a year's budget: the actual P&L of `from` plus `percent` (nothing saved). */
export function budgetFromActuals(groupId: string, year: number, from: number, percent: string): Promise<BudgetYear> {
  return api.get('/budgets/:groupId/actuals', { params: { groupId }, query: { year, from, percent } });
}
