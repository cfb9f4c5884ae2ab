import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { CompanyFields, NameFields } from './person-fields';

const field = (value: string, error: string | null = null) => ({ value, onChange: vi.fn(), error });

describe('NameFields and CompanyFields', () => {
  it('first and last name, company and phone: ids, names, autocomplete, optional labels and errors', () => {
    renderWithProviders(
      <>
        <NameFields ids="p" first={field('Kari')} last={field('', 'Skriv inn etternavnet')} />
        <CompanyFields ids="p" optional company={field('')} phone={field('22 33 44 55')} />
      </>,
    );
    const inputs = [...document.querySelectorAll('input')];
    expect(inputs.map((input) => [input.id, input.name, input.autocomplete, input.value])).toEqual([
      ['p-first', 'firstName', 'given-name', 'Kari'],
      ['p-last', 'lastName', 'family-name', ''],
      ['p-company', 'companyName', 'organization', ''],
      ['p-phone', 'phoneNumber', 'tel', '22 33 44 55'],
    ]);
    expect(screen.getByTestId('lastName-error').textContent).toBe('Skriv inn etternavnet');
    expect(screen.getByLabelText(/Telefon/).getAttribute('type')).toBe('tel');
    expect(document.querySelectorAll('.form-grid').length).toBe(2);
    expect(document.querySelectorAll('label')[2]!.textContent).toMatch(/\(valgfritt\)$/);
  });
});
