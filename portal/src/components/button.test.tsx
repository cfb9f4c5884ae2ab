import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../test/render';
import { Button, SubmitButton } from './button';

describe('Button', () => {
  it("a plain button (never a form's submit) with the theme's classes, passing on the rest", () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={() => onClick('submitted')}>
        <Button kind="danger-ghost" small onClick={() => onClick('clicked')} title="Why" data-testid="b">
          Delete
        </Button>
        <Button kind="primary" block disabled>
          Save
        </Button>
      </form>,
    );
    const button = screen.getByTestId('b');
    expect([button.getAttribute('type'), button.className, button.title]).toEqual([
      'button',
      'button button--danger-ghost button--small',
      'Why',
    ]);
    fireEvent.click(button);
    expect(onClick.mock.calls).toEqual([['clicked']]);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect([save.className, save.disabled]).toEqual(['button button--primary button--block', true]);
  });

  it("a form's submit: while busy, disabled with a spinner before its label", () => {
    const { rerender } = render(<SubmitButton busy={false}>Send</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect([button.type, button.className, button.disabled, button.querySelector('.spinner')]).toEqual([
      'submit',
      'button button--primary',
      false,
      null,
    ]);
    rerender(
      <SubmitButton busy block>
        Send
      </SubmitButton>,
    );
    expect([button.className, button.disabled, !!button.querySelector('.spinner[aria-hidden="true"]')]).toEqual([
      'button button--primary button--block',
      true,
      true,
    ]);
  });
});
