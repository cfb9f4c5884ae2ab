import { randomUUID } from 'node:crypto';
import type { FirmTemplate, TemplateApplyResult, TemplateBody, TemplateUndoState } from '@saldo/contract';
import { templateApi } from '@saldo/contract/api/templates';
import { errors } from '@saldo/contract/errors/errors';
import { templateBody } from '@saldo/contract/schemas/templates';
import { roleAllows } from '../../access/board-rights.ts';
import { menu, on, write } from '../../access/rules.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ApiError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { boardOwnerState } from '../billing/queries.ts';
import { isReadOnly } from '../billing/state.ts';
import { boardRoleOf } from '../boards/access.ts';
import { addTemplatePack, packForTemplate } from '../report-packs/from-template.ts';
import { parseCustom } from '../widgets/custom.ts';
import { appliedState, templateFromState, templateKpis } from './merge.ts';
import {
  applyToBoardState,
  boardFirm,
  dashboardState,
  deleteTemplate,
  firmNames,
  firmsOf,
  insertTemplate,
  type TemplateRow,
  templateById,
  templatesOfFirms,
  undoBoard,
  undoOf,
} from './queries.ts';

/**
 * A template's body as stored, checked again by the contract's schema, and its custom widgets by the
 * rules of the custom widget form: a body that breaks either is refused whole (TEMPLATE_BODY_INVALID).
 */
export function checkedBody(raw: unknown): TemplateBody {
  const parsed = templateBody.safeParse(raw);
  if (!parsed.success) throw new ApiError('TEMPLATE_BODY_INVALID', parsed.error.issues);
  for (const c of parsed.data.customWidgets) {
    try {
      parseCustom({ name: c.name, type: c.type, ...c.accounts, view: c.view, note: c.note }, 'CUSTOM_WIDGET_FAILED');
    } catch {
      throw new ApiError('TEMPLATE_BODY_INVALID', [{ path: ['customWidgets', c.ref] }]);
    }
  }
  return parsed.data;
}

const EDITS_FIRM = new Set(['owner', 'Admin', 'Editor']);

function shownTemplate(row: TemplateRow, role: FirmTemplate['role'], firmName: string): FirmTemplate {
  const body = checkedBody(row.body);
  return {
    _id: row.id,
    name: row.name,
    firmId: row.firmId,
    firmName,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    role,
    body,
    kpis: templateKpis(body),
  };
}

/** The template if the user works in its firm (TEMPLATE_NOT_FOUND otherwise: others learn nothing of it). */
async function templateFor(deps: AppDeps, userId: string, id: string) {
  const row = await templateById(deps.db, id);
  const role = row && (await firmsOf(deps.db, userId)).get(row.firmId);
  if (!row || !role) throw new ApiError('TEMPLATE_NOT_FOUND');
  return { row, role };
}

/**
 * Applies the template to one board, in its own transaction: the board's state before it is kept for
 * one undo, then the new state written. Refused (and nothing of this board written) when the user may
 * not edit it, it is another firm's or gone, its owner's plan is read-only, or it would hold too many widgets.
 */
async function applyToBoard(
  deps: AppDeps,
  userId: string,
  template: { row: TemplateRow; body: TemplateBody },
  boardId: string,
  mode: 'replace' | 'add',
): Promise<TemplateApplyResult> {
  const now = new Date(deps.now?.() ?? Date.now());
  try {
    const role = await boardRoleOf(deps.db, userId, boardId);
    if (!role || (await boardFirm(deps.db, boardId)) !== template.row.firmId) throw new ApiError('BOARD_NOT_FOUND');
    if (!roleAllows(role, 'edit')) throw new ApiError('BOARD_VIEW_ONLY');
    const plan = await boardOwnerState(deps.db, boardId, now);
    if (plan && isReadOnly(plan)) throw new ApiError('PLAN_READ_ONLY');
    const pack = template.body.reports;
    await applyToBoardState(
      deps.db,
      boardId,
      { templateId: template.row.id, templateName: template.row.name, appliedBy: userId, appliedAt: now },
      (before) => appliedState(before, template.body, mode, randomUUID, now.getTime()),
      // The template's report pack, as a new pack of the board, in the same transaction.
      pack
        ? (tx, after) =>
            addTemplatePack(
              tx,
              boardId,
              pack,
              { widgets: after.widgets, subBoards: after.subBoards.map((s) => s.widgets) },
              { userId, now },
            )
        : undefined,
    );
    return { groupId: boardId, ok: true, code: null, message: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { groupId: boardId, ok: false, code: error.code, message: errors[error.code].en };
  }
}

async function undoState(deps: AppDeps, boardId: string): Promise<TemplateUndoState> {
  const row = await undoOf(deps.db, boardId);
  return {
    groupId: boardId,
    templateId: row?.templateId ?? null,
    templateName: row?.templateName ?? null,
    appliedAt: row?.appliedAt.toISOString() ?? null,
  };
}

export const templateRoutes = [
  serve(templateApi.list, menu('Dashboard'), async (c, deps) => {
    const firms = await firmsOf(deps.db, c.get('user').id);
    const ids = [...firms.keys()];
    const [rows, names] = await Promise.all([templatesOfFirms(deps.db, ids), firmNames(deps.db, ids)]);
    // A stored body that no longer passes is left out of the list rather than failing it.
    const body: FirmTemplate[] = rows.flatMap((row) => {
      try {
        return [shownTemplate(row, firms.get(row.firmId)!, names.get(row.firmId) ?? '')];
      } catch {
        return [];
      }
    });
    return c.json(body);
  }),
  serve(templateApi.create, write('Dashboard'), async (c, deps) => {
    const userId = c.get('user').id;
    const { name, fromGroupId, packId } = c.req.valid('json');
    const role = await boardRoleOf(deps.db, userId, fromGroupId);
    const firm = role && (await boardFirm(deps.db, fromGroupId));
    if (!role || !firm) throw new ApiError('BOARD_NOT_FOUND');
    const firmRole = (await firmsOf(deps.db, userId)).get(firm);
    if (!firmRole || !EDITS_FIRM.has(firmRole)) throw new ApiError('TEMPLATE_NOT_ALLOWED');
    const reports = packId === undefined ? null : await packForTemplate(deps.db, fromGroupId, packId);
    const body = checkedBody({ ...templateFromState(await dashboardState(deps.db, fromGroupId)), reports });
    const row = await insertTemplate(deps.db, {
      id: randomUUID(),
      firmId: firm,
      name,
      createdBy: userId,
      createdAt: new Date(deps.now?.() ?? Date.now()),
      body,
    });
    const names = await firmNames(deps.db, [firm]);
    return c.json(shownTemplate(row, firmRole, names.get(firm) ?? ''), 201);
  }),
  serve(templateApi.delete, write('Dashboard'), async (c, deps) => {
    const userId = c.get('user').id;
    const { row, role } = await templateFor(deps, userId, c.req.param('id'));
    if (role !== 'owner' && row.createdBy !== userId) throw new ApiError('TEMPLATE_NOT_ALLOWED');
    await deleteTemplate(deps.db, row.id);
    return c.json({ isDeleted: true as const });
  }),
  serve(templateApi.apply, write('Dashboard'), async (c, deps) => {
    const userId = c.get('user').id;
    const { row } = await templateFor(deps, userId, c.req.param('id'));
    const body = checkedBody(row.body);
    const { groupIds, mode } = c.req.valid('json');
    const results: TemplateApplyResult[] = [];
    // One board after another: each is its own short write transaction (the database has one writer).
    for (const boardId of new Set(groupIds))
      results.push(await applyToBoard(deps, userId, { row, body }, boardId, mode));
    const applied = results.filter((r) => r.ok).length;
    return c.json({ templateId: row.id, mode, applied, refused: results.length - applied, results });
  }),
  serve(templateApi.undoState, menu('Dashboard', on('param:groupId', 'view')), async (c, deps) =>
    c.json(await undoState(deps, c.req.param('groupId'))),
  ),
  serve(templateApi.undo, write('Dashboard', on('body:groupId', 'edit')), async (c, deps) => {
    const { groupId } = c.req.valid('json');
    await undoBoard(deps.db, groupId, new Date(deps.now?.() ?? Date.now()));
    return c.json(await undoState(deps, groupId));
  }),
];
