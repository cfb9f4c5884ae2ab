import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders, settle } from '../../test/render';
import { BoardToolbar } from './board-toolbar';

const toolbar = (
  <BoardToolbar
    title="Nordlys"
    editable
    draggable={false}
    onAssistant={() => {}}
    onExport={() => {}}
    onAdd={() => {}}
  />
);
const assistantButton = () => document.body.querySelector('[data-testid="assistant-button"]');

beforeEach(async () => {
  await i18n.changeLanguage('nor');
});
afterEach(() => vi.unstubAllGlobals());

describe('BoardToolbar', () => {
  it('offers "Spør AI" when the server has a model set up', async () => {
    stubFetch((call) => json(200, call.url === '/api/assistant/status' ? { enabled: true } : []));
    renderWithProviders(toolbar);
    await settle();
    expect(assistantButton()?.textContent).toBe('Spør AI');
  });

  it('leaves the assistant out when no model is set up, and while it does not know yet', async () => {
    stubFetch((call) => json(200, call.url === '/api/assistant/status' ? { enabled: false } : []));
    renderWithProviders(toolbar);
    expect(assistantButton()).toBeNull();
    await settle();
    expect(assistantButton()).toBeNull();
    expect(document.body.querySelector('[data-testid="export-button"]')).not.toBeNull();
  });
});
