import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toast } from './Toast';

function Host() {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setMessage('Book successfully deleted!')}>
        show
      </button>
      <Toast message={message} onDone={() => setMessage(null)} />
    </>
  );
}

describe('Toast', () => {
  afterEach(() => vi.useRealTimers());

  it('announces the message in a live region that exists before it and hides it after 3 s', () => {
    vi.useFakeTimers();
    render(<Host />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(region).toHaveTextContent('Book successfully deleted!');
    act(() => vi.advanceTimersByTime(2_900));
    expect(region).toHaveTextContent('Book successfully deleted!');
    act(() => vi.advanceTimersByTime(200));
    expect(region).toBeEmptyDOMElement();
  });
});
