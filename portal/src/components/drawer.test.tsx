import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Drawer } from './drawer';

describe('Drawer', () => {
  it('side: a dialog named by its title, starting on its first control (not the close button); Escape closes', () => {
    const onClose = vi.fn();
    renderWithProviders(
      <Drawer title="Catalogue" testId="side" closeTestId="side-close" className="extra" onClose={onClose}>
        <button type="button">first</button>
      </Drawer>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Catalogue' });
    expect(dialog.getAttribute('data-testid')).toBe('side');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.className).toBe('side-drawer extra');
    expect(document.activeElement).toBe(screen.getByText('first'));
    expect(screen.getByTestId('side-close').getAttribute('aria-label')).toBe('Lukk');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('side-close'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('overlay: over a dimmed page in <body>, starting on the close button; a press beside the panel closes', () => {
    const onClose = vi.fn();
    const { container } = renderWithProviders(
      <Drawer
        kind="overlay"
        title="Postings"
        titleTestId="heading"
        testId="over"
        closeLabel="Close the list"
        eyebrow="Drill-down"
        meta={<p data-testid="meta">January</p>}
        onClose={onClose}
      >
        <button type="button">inside</button>
      </Drawer>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Postings' });
    expect(container.contains(dialog)).toBe(false);
    expect(dialog.className).toBe('drawer__panel');
    expect(screen.getByTestId('heading').className).toBe('drawer__title');
    expect(screen.getByText('Drill-down').className).toBe('drawer__eyebrow');
    expect(screen.getByTestId('meta').textContent).toBe('January');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close the list' }));
    fireEvent.mouseDown(screen.getByText('inside'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
