import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BoardSearch } from '../features/boards/board-search';
import { renderRoutes, renderWithProviders } from '../test/render';
import { BackToLogin } from './auth-layout';
import { FormActions } from './form-modal';

describe('the small shared form parts', () => {
  it("FormActions: Cancel (disabled while busy) beside the form's own submit button", () => {
    const onCancel = vi.fn();
    const { rerender } = renderWithProviders(
      <FormActions busy={false} onCancel={onCancel}>
        <button type="submit">Lagre</button>
      </FormActions>,
    );
    const cancel = screen.getByRole('button', { name: 'Avbryt' }) as HTMLButtonElement;
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(cancel.parentElement!.className).toBe('modal__actions');
    expect(cancel.nextElementSibling!.textContent).toBe('Lagre');
    rerender(
      <FormActions busy onCancel={onCancel}>
        <button type="submit">Lagre</button>
      </FormActions>,
    );
    expect((screen.getByRole('button', { name: 'Avbryt' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('BackToLogin links to /login; BoardSearch is a named search field that reports what is typed', () => {
    renderRoutes([{ path: '/', element: <BackToLogin /> }], '/');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/login');
    const onChange = vi.fn();
    renderWithProviders(<BoardSearch value="" onChange={onChange} testId="search" />);
    const input = screen.getByTestId('search') as HTMLInputElement;
    expect([input.type, input.getAttribute('aria-label') !== null]).toEqual(['search', true]);
    fireEvent.change(input, { target: { value: 'Nord' } });
    expect(onChange).toHaveBeenCalledWith('Nord');
  });
});
