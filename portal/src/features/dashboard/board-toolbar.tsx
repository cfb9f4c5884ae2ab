import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { setWidgetsDraggable } from '../../lib/auth-storage';
import { assistantStatusQuery } from '../assistant/queries';
import { SaveTemplateButton } from '../templates/save-template-button';
import { UndoTemplateButton } from '../templates/undo-template-button';
import './dashboard.css';

interface BoardToolbarProps {
  title: string;
  /** The board, for "Save as template" (offered to those who may edit it). */
  board?: { id: string; name: string };
  /** False for a Viewer: no drag switch and no add button, a "Viewer" chip instead. */
  editable: boolean;
  draggable: boolean;
  onAssistant: () => void;
  onExport: () => void;
  onAdd: () => void;
}

/**
 * Above the grid: the board's name, the drag switch, and the assistant, export and add-widget buttons.
 * The assistant's button shows only once the server says a model is set up: offering "Ask AI" on a
 * server without one only led to "not set up".
 */
export function BoardToolbar({ title, board, editable, draggable, onAssistant, onExport, onAdd }: BoardToolbarProps) {
  const { t } = useTranslation();
  const assistantOn = useQuery(assistantStatusQuery).data?.enabled === true;
  return (
    <div className="board-grid__toolbar">
      <h2 className="board-grid__title" data-testid="grid-title">
        {title}
      </h2>
      {editable ? (
        <label className="toggle" data-testid="draggable-toggle">
          <input type="checkbox" checked={draggable} onChange={(event) => setWidgetsDraggable(event.target.checked)} />
          <span>{t('widgets.draggable')}</span>
        </label>
      ) : (
        <span className="chip" data-testid="board-view-only">
          {t('team.roles.Viewer')}
        </span>
      )}
      {assistantOn && (
        <Button kind="secondary" onClick={onAssistant} data-testid="assistant-button">
          {t('assistant.open')}
        </Button>
      )}
      <Button kind="secondary" onClick={onExport} data-testid="export-button">
        {t('exports.button')}
      </Button>
      {editable && board && <UndoTemplateButton boardId={board.id} />}
      {editable && board && <SaveTemplateButton boardId={board.id} boardName={board.name} />}
      {editable && (
        <Button kind="primary" onClick={onAdd} data-testid="add-widget-button">
          + {t('widgets.add')}
        </Button>
      )}
    </div>
  );
}
