import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookCover } from './BookCover';

describe('BookCover', () => {
  it('shows the letter tile when the cover fails to load, and tries a new link again', () => {
    const { container, rerender } = render(<BookCover title="Dracula" coverUrl="https://x.test/a.png" />);
    const image = container.querySelector('img');
    expect(image).not.toBeNull();
    fireEvent.error(image!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('cover-tile')).toHaveTextContent('D');
    rerender(<BookCover title="Dracula" coverUrl="https://x.test/b.png" />);
    expect(container.querySelector('img')).not.toBeNull();
  });

  it('shows the letter tile without a cover', () => {
    render(<BookCover title="Emma" coverUrl={null} />);
    expect(screen.getByTestId('cover-tile')).toBeInTheDocument();
  });
});
