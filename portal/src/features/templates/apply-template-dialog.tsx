import type { Board, FirmTemplate, TemplateApplyResponse } from '@saldo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Modal } from '../../components/modal';
import { ErrorBanner } from '../../components/query-state';
import { RadioChoices } from '../../components/radio-choices';
import { filterByNamePrefix } from '../boards/board-rules';
import { BoardSearch } from '../boards/board-search';
import { useCurrentBoard } from '../boards/use-current-board';
import { applyTemplate, dashboardKeys, undoTemplate } from './queries';

const MODES = ['replace', 'add'] as const;

/**
 * The boards offered for a template: those the user may edit, of its firm as far as the list tells (their
 * own boards for their own firm's template, boards shared with them for another's). The server checks
 * each board again and reports any it refuses.
 */
const targetsOf = (boards: readonly Board[], template: FirmTemplate) =>
  boards.filter((b) => b.role !== 'Viewer' && (b.sharedBy === null) === (template.role === 'owner'));

/** "Apply to boards": choose boards (checkboxes, a search), replace or add, confirm; then each board's result and its undo. */
export function ApplyTemplateDialog({ template, onClose }: { template: FirmTemplate; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { boards } = useCurrentBoard();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [mode, setMode] = useState<(typeof MODES)[number]>('add');
  const [undone, setUndone] = useState<ReadonlySet<string>>(new Set());
  const targets = targetsOf(boards, template);
  const shown = filterByNamePrefix(targets, search);
  const refresh = () => {
    for (const queryKey of dashboardKeys()) void queryClient.invalidateQueries({ queryKey });
  };
  const apply = useMutation({
    mutationFn: () => applyTemplate(template._id, [...chosen], mode),
    onSuccess: refresh,
  });
  const undo = useMutation({
    mutationFn: (groupId: string) => undoTemplate(groupId),
    onSuccess: (_, groupId) => {
      setUndone((was) => new Set(was).add(groupId));
      refresh();
    },
  });
  const toggle = (id: string) =>
    setChosen((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const nameOf = (id: string) => boards.find((b) => b._id === id)?.name ?? id;
  const result: TemplateApplyResponse | undefined = apply.data;

  return (
    <Modal
      title={t('templates.applyTitle', { name: template.name })}
      onClose={onClose}
      testId="apply-template-dialog"
      size="wide"
    >
      {result ? (
        <div data-testid="apply-results">
          <p>{t('templates.applied', { applied: result.applied, refused: result.refused })}</p>
          <ul className="template-results">
            {result.results.map((r) => (
              <li key={r.groupId} data-testid="apply-result" data-ok={r.ok}>
                <span>{nameOf(r.groupId)}</span>
                {r.ok ? (
                  undone.has(r.groupId) ? (
                    <span className="muted" data-testid="apply-result-undone">
                      {t('templates.undone')}
                    </span>
                  ) : (
                    <Button
                      kind="ghost"
                      small
                      disabled={undo.isPending}
                      onClick={() => undo.mutate(r.groupId)}
                      data-testid="apply-result-undo"
                    >
                      {t('templates.undo')}
                    </Button>
                  )
                ) : (
                  <span className="field__error" data-testid="apply-result-error">
                    {errorText(r.code ?? '')}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {undo.isError && <ErrorBanner>{errorText(errorCodeOf(undo.error))}</ErrorBanner>}
          <div className="modal__actions">
            <Button kind="primary" onClick={onClose} data-testid="apply-done">
              {t('templates.done')}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <BoardSearch value={search} onChange={setSearch} testId="apply-search" />
          <div className="template-targets__head">
            <Button
              kind="ghost"
              small
              onClick={() => setChosen(new Set(shown.map((b) => b._id)))}
              data-testid="apply-all"
            >
              {t('templates.chooseAll')}
            </Button>
            <span className="muted">{t('templates.chosen', { count: chosen.size })}</span>
          </div>
          {targets.length === 0 ? (
            <p className="muted" data-testid="apply-no-boards">
              {t('templates.noBoards')}
            </p>
          ) : (
            <ul className="template-targets" data-testid="apply-boards">
              {shown.map((b) => (
                <li key={b._id}>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={chosen.has(b._id)}
                      onChange={() => toggle(b._id)}
                      data-testid={`apply-board-${b._id}`}
                    />
                    {b.name}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <fieldset className="template-mode">
            <legend>{t('templates.mode')}</legend>
            <RadioChoices
              name="template-mode"
              options={MODES}
              chosen={mode}
              onChoose={setMode}
              testId="apply-mode"
              label={(value) => t(`templates.modes.${value}`)}
            />
          </fieldset>
          {apply.isError && <ErrorBanner testId="apply-error">{errorText(errorCodeOf(apply.error))}</ErrorBanner>}
          <div className="modal__actions">
            <Button kind="secondary" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              kind="primary"
              disabled={chosen.size === 0 || apply.isPending}
              onClick={() => apply.mutate()}
              data-testid="apply-confirm"
            >
              {t('templates.applyConfirm', { count: chosen.size })}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
