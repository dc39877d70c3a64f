import type { PassageChapter } from '@booktranslate/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ancestorsOf, ChapterNav } from './ChapterNav';

const page = (index: number, title: string, depth: number, part = 1, parts = 1): PassageChapter => ({
  index,
  title,
  depth,
  part,
  parts,
  flagged: index === 3 ? 2 : 0,
  passages: 10,
});

/** A novel in parts, as the server lists it: its second chapter long enough for two pages. */
const chapters = [
  page(0, 'PART I', 0),
  page(1, 'CHAPTER 1', 1),
  page(2, 'CHAPTER 2', 1, 1, 2),
  page(3, 'CHAPTER 2', 1, 2, 2),
  page(4, 'PART II', 0),
  page(5, 'CHAPTER 3', 1),
];

describe('ChapterNav', () => {
  it("lists the book's parts and chapters nested by name, a long chapter's pages under it", async () => {
    const onSelect = vi.fn();
    render(<ChapterNav chapters={chapters} current={3} onSelect={onSelect} />);
    const nav = screen.getByRole('navigation', { name: 'Chapters' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'PART I',
      'CHAPTER 1',
      'CHAPTER 2 · page 1 of 2',
      'CHAPTER 2 · page 2 of 2, 2 flagged',
      'PART II',
      'CHAPTER 3',
    ]);
    // Chapters sit inside their part; a later page of a chapter one step further in.
    const depths = within(nav)
      .getAllByRole('listitem')
      .map((li) => li.dataset.depth);
    expect(depths).toEqual(['0', '1', '1', '1', '0', '1']);
    expect(buttons[3]).toHaveTextContent(/^Page 2 of 2\s*2 flagged$/);
    expect(buttons[3]?.className).toMatch(/ps-9/);
    expect(buttons[1]?.className).toMatch(/ps-6/);
    expect(buttons[3]).toHaveAttribute('aria-current', 'page');
    await userEvent.click(buttons[5] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith(5);
    // The phone's select says the same, indented.
    const options = within(screen.getByLabelText('Chapter')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'PART I',
      '\u00a0\u00a0CHAPTER 1',
      '\u00a0\u00a0CHAPTER 2 · page 1 of 2',
      '\u00a0\u00a0CHAPTER 2 · page 2 of 2 (2 flagged)',
      'PART II',
      '\u00a0\u00a0CHAPTER 3',
    ]);
  });

  it('names the part and chapter a page sits in', () => {
    const nested = [
      ...chapters,
      page(6, 'SECTION A', 2),
      page(7, 'SECTION B', 2, 1, 2),
      page(8, 'SECTION B', 2, 2, 2),
    ];
    expect(ancestorsOf(nested, 8).map((c) => c.title)).toEqual(['PART II', 'CHAPTER 3']);
    expect(ancestorsOf(nested, 3).map((c) => c.title)).toEqual(['PART I']);
    expect(ancestorsOf(nested, 4)).toEqual([]);
  });
});
