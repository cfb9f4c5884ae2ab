import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { CopyButton } from './copy-button';

describe('CopyButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('copies its text and then says so', async () => {
    const writeText = vi.fn(async (_: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(
      <CopyButton text="3f87cc7c-board" testId="copy">
        Copy the board id
      </CopyButton>,
    );
    const button = screen.getByTestId('copy');
    expect(button.textContent).toBe('Copy the board id');
    fireEvent.click(button);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('3f87cc7c-board'));
    await waitFor(() => expect(button.textContent).toBe(i18n.t('share.copied')));
    expect(['Kopiert', 'Copied']).toContain(button.textContent);
  });

  it('keeps its label when the clipboard refuses', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<CopyButton text="x">Copy</CopyButton>);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});
