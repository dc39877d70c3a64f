import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWith } from '../../test/render';
import ResetPassword from './ResetPassword';

function Where() {
  const { pathname, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${hash}`}</p>;
}

const routes = (
  <Routes>
    <Route
      path="/reset-password"
      element={
        <>
          <ResetPassword />
          <Where />
        </>
      }
    />
  </Routes>
);

describe('the reset-password screen', () => {
  it('without the link token says where to get one', () => {
    renderWith(routes, { path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('This page needs the link from the e-mail');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('takes the token out of the address and refuses two different passwords', () => {
    renderWith(routes, { path: '/reset-password#token=abcdefghijklmnopqrstuvwxyz' });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/reset-password$/);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a new password' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), {
      target: { value: 'a new passwort' },
    });
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Repeat the new password'), {
      target: { value: 'a new password' },
    });
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeEnabled();
  });
});
