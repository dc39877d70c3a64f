import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWith } from '../../test/render';
import Payment from './Payment';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const checkout = (
  <Routes>
    <Route path="/payment" element={<Payment />} />
    <Route path="*" element={<Where />} />
  </Routes>
);

describe('demo checkout', () => {
  afterEach(() => vi.useRealTimers());

  it('picks the plan from the query case-insensitively, with Reader as the default', () => {
    const { unmount } = renderWith(checkout, { path: '/payment?plan=BOOKWORM' });
    expect(screen.getByRole('button', { name: /BookWorm/ })).toHaveAttribute('aria-pressed', 'true');
    unmount();
    renderWith(checkout, { path: '/payment?plan=nonsense' });
    expect(screen.getByRole('button', { name: /Reader/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('needs first name, last name and email, then goes to the result after 2 s', async () => {
    vi.useFakeTimers();
    renderWith(checkout, { path: '/payment?plan=reader' });
    for (const label of [/First name/, /Last name/, /Email/])
      expect(screen.getByLabelText(label)).toBeRequired();
    const form = screen.getByRole('button', { name: /^Pay/ }).closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByTestId('where')).toBeNull();
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Reader' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ann@example.com' } });
    fireEvent.submit(form);
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(screen.queryByTestId('where')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByTestId('where').textContent).toMatch(
      /^\/payment-success\?plan=Reader&method=card&transaction_id=DEMO-\w+$/,
    );
  });

  function fillAndPay() {
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Reader' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ann@example.com' } });
    fireEvent.submit(screen.getByRole('button', { name: /^Pay/ }).closest('form') as HTMLFormElement);
  }

  it('gives each attempt 30 s, retries 3 times, then shows the failure message', async () => {
    vi.useFakeTimers();
    const hang = vi.fn(() => new Promise<string>(() => {}));
    renderWith(
      <Routes>
        <Route path="/payment" element={<Payment process={hang} />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path: '/payment' },
    );
    fillAndPay();
    await act(() => vi.advanceTimersByTimeAsync(3 * 30_000 + 29_000));
    expect(hang).toHaveBeenCalledTimes(4);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Payment processing failed. Please try again.');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('closes the crypto payment window after 30 minutes and says the checkout guarantee is 14 days', async () => {
    vi.useFakeTimers();
    renderWith(checkout, { path: '/payment' });
    expect(screen.getByText('14-day money-back guarantee.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Cryptocurrency' }));
    expect(screen.getByText(/not confirmed within 24 hours counts as failed/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30 * 60_000));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The 30-minute window for this crypto payment has closed.',
    );
  });
});
