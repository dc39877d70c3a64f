import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wireUser } from '../../api/mock/wire';
import { renderWith } from '../../test/render';
import { PreferencesForm } from './PreferencesForm';
import { addPreferredLanguage } from './preferredLanguages';

describe('preferred languages', () => {
  it('adds up to 3, without duplicates', () => {
    expect(addPreferredLanguage(['es'], 'es')).toEqual(['es']);
    expect(addPreferredLanguage(['es', 'fr', 'de'], 'it')).toEqual(['es', 'fr', 'de']);
    expect(addPreferredLanguage(['es'], 'uk')).toEqual(['es', 'uk']);
  });

  it('hides the dropdown at 3 and shows (beta) for the good tier', async () => {
    renderWith(<PreferencesForm user={wireUser({ preferred_languages: ['es', 'fr'] })} />, {
      user: wireUser(),
    });
    const select = screen.getByLabelText('Add a preferred language');
    expect(screen.getByRole('option', { name: 'Select a language to add...' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Spanish' })).toBeNull();
    await userEvent.selectOptions(select, 'uk');
    expect(screen.getByText('Ukrainian (beta)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a preferred language')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Spanish' }));
    expect(screen.getByLabelText('Add a preferred language')).toBeInTheDocument();
  });
});
