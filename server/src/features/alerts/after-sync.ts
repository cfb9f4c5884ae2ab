// The evaluation that follows each sync of a source (features/sync/jobs.ts): every rule that applies to
// a board holding the source is judged from the board's month summaries and sync state, and its event
// opened, kept or resolved. A source on no board with a rule costs one query.

import type { Db } from '../../db/client.ts';
import { evaluateRule } from './evaluate.ts';
import { boardFacts } from './facts.ts';
import { boardsOfSource, type Judged, recordJudgements, rulesForBoard } from './queries.ts';

/** Judges the rules of the boards holding `apiAccountId`; how many rules it judged. */
export async function evaluateAfterSync(db: Db, apiAccountId: string, now = new Date()): Promise<number> {
  const boards = await boardsOfSource(db, apiAccountId);
  const ruled = [];
  for (const b of boards) {
    const rules = await rulesForBoard(db, b.id);
    if (rules.length > 0) ruled.push({ board: b, rules });
  }
  if (ruled.length === 0) return 0;
  const facts = await boardFacts(
    db,
    ruled.map((r) => r.board),
    now.getTime(),
  );
  let judged = 0;
  for (const { board, rules } of ruled) {
    const own = facts.get(board.id)!;
    const judgements: Judged[] = rules.map((rule) => {
      const e = evaluateRule(rule, own);
      return {
        ruleId: rule.id,
        met: e.state === 'met',
        value: e.value,
        threshold: rule.threshold,
        period: e.period ?? '',
        reason: e.reason,
      };
    });
    await recordJudgements(db, board.id, judgements, now);
    judged += rules.length;
  }
  return judged;
}
