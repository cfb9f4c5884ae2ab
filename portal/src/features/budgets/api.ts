import type { BudgetImportResult, BudgetSaveRequest, BudgetYear } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

const id = encodeURIComponent;

export const budgetKey = (groupId: string, year: number) => ['budget', groupId, year] as const;

export function budgetQuery(groupId: string, year: number) {
  return queryOptions({
    queryKey: budgetKey(groupId, year),
    queryFn: ({ signal }) => api.get<BudgetYear>(`/api/budgets/${id(groupId)}?year=${year}`, { signal }),
  });
}

export function saveBudget(groupId: string, body: BudgetSaveRequest): Promise<BudgetYear> {
  return api.put<BudgetYear>(`/api/budgets/${id(groupId)}`, body);
}

export function importBudget(groupId: string, file: File): Promise<BudgetImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<BudgetImportResult>(`/api/budgets/${id(groupId)}/import`, form);
}

export function downloadTemplate(groupId: string, year: number, format: 'xlsx' | 'csv', lang: 'nor' | 'en') {
  return api.download(`/api/budgets/${id(groupId)}/template?year=${year}&format=${format}&lang=${lang}`);
}
