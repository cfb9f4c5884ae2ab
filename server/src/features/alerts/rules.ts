// A rule as the API answers it: its scope with the board's name, and what it says of each board in its
// scope now (evaluate.ts over the month summaries), so a figure a board cannot compute shows '–' with why.

import type { AlertRule } from '@saldo/contract';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { viewableBoards } from '../boards/queries.ts';
import { type AlertRuleBody, evaluateRule } from './evaluate.ts';
import { boardFacts } from './facts.ts';
import type { AlertRuleRow } from './queries.ts';

type Viewable = Awaited<ReturnType<typeof viewableBoards>>[number];

const inScope = (rule: AlertRuleRow, b: Viewable) =>
  rule.scopeKind === 'all' ||
  (rule.scopeKind === 'board' && rule.scopeBoardId === b.id) ||
  (rule.scopeKind === 'tag' && rule.scopeTag !== null && b.tags.includes(rule.scopeTag));

/** The rules with each board's state now: the user's viewable boards read once, their summaries once. */
export async function rulesAnswer(db: Db, userId: string, rules: readonly AlertRuleRow[]): Promise<AlertRule[]> {
  if (rules.length === 0) return [];
  const boards = await viewableBoards(db, userId);
  const scoped = boards.filter((b) => rules.some((r) => inScope(r, b)));
  const facts = await boardFacts(db, scoped, Date.now());
  const names = new Map(boards.map((b) => [b.id, b.name]));
  return rules.map((r) => ({
    _id: r.id,
    name: r.name,
    metric: r.metric,
    comparison: r.comparison,
    threshold: r.threshold,
    period: r.period,
    scope:
      r.scopeKind === 'board'
        ? { kind: 'board' as const, groupId: r.scopeBoardId ?? '', name: names.get(r.scopeBoardId ?? '') ?? '' }
        : r.scopeKind === 'tag'
          ? { kind: 'tag' as const, tag: r.scopeTag ?? '' }
          : { kind: 'all' as const },
    boards: scoped
      .filter((b) => inScope(r, b))
      .map((b) => ({ groupId: b.id, name: b.name, ...evaluateRule(r, facts.get(b.id)!) })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** A rule's columns from its body; the data's age and a failed sync are compared with a value only, never a change. */
export function ruleColumns(body: AlertRuleBody) {
  if ((body.metric === 'dataAgeDays' || body.metric === 'syncFailed') && body.comparison.startsWith('change'))
    throw new ApiError('ALERT_RULE_INVALID');
  const scope = body.scope;
  return {
    name: body.name,
    metric: body.metric,
    comparison: body.comparison,
    threshold: body.threshold,
    period: body.period,
    scopeKind: scope.kind,
    scopeBoardId: scope.kind === 'board' ? scope.groupId : null,
    scopeTag: scope.kind === 'tag' ? scope.tag : null,
  };
}
