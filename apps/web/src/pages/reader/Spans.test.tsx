import type { InlineKind, PassageSpan } from '@booktranslate/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReaderContext } from './ReaderContext';
import { Spans } from './Spans';

const text = (t: string, ...marks: [number, InlineKind, string?][]): PassageSpan => ({
  type: 'text',
  text: t,
  marks: marks.map(([n, kind, href]) => ({ n, kind, href: href ?? null })),
});
const tag = (n: number, kind: InlineKind, label: string | null = null): PassageSpan => ({
  type: 'tag',
  n,
  kind,
  label,
  marks: [],
});

describe('Spans', () => {
  it('renders marks as elements, nesting spans that share an outer mark in one element', () => {
    const { container } = render(
      <p>
        <Spans
          spans={[
            text('A '),
            text('bold ', [1, 'strong']),
            text('and italic', [1, 'strong'], [2, 'emphasis']),
            text(' x'),
            text('2', [3, 'superscript']),
            text('O', [4, 'subscript']),
            text('old', [5, 'strikethrough']),
            text('f()', [6, 'code']),
          ]}
        />
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe(
      'A <strong>bold <em>and italic</em></strong> x<sup>2</sup><sub>O</sub><s>old</s>' +
        '<code class="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800">f()</code>',
    );
  });

  it('links only outside http(s) and mailto addresses, opening them safely', () => {
    render(
      <Spans
        spans={[
          text('site', [1, 'link', 'https://example.org/a']),
          text('mail', [2, 'link', 'mailto:a@example.org']),
          text('script', [3, 'link', 'javascript:alert(1)']),
          text('inside', [4, 'link']),
        ]}
      />,
    );
    const site = screen.getByRole('link', { name: 'site' });
    expect(site).toHaveAttribute('href', 'https://example.org/a');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(site).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@example.org');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.getByText('script').closest('a')).toBeNull();
    expect(screen.getByText('inside').closest('a')).toBeNull();
  });

  it('shows note references as superscript marks, line breaks as <br> and images by their label', () => {
    const { container } = render(
      <p>
        <Spans
          spans={[
            text('Line one'),
            tag(1, 'linebreak'),
            text('line two'),
            text('3', [2, 'noteref']),
            tag(3, 'image', 'A lighthouse'),
            tag(4, 'other'),
          ]}
        />
      </p>,
    );
    expect(container.querySelector('br')).not.toBeNull();
    expect(screen.getByText('3').tagName).toBe('SUP');
    expect(screen.getByText('Image: A lighthouse')).toBeInTheDocument();
    expect(screen.getByText('Element')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('never reads text as HTML', () => {
    const { container } = render(<Spans spans={[text('<img src=x onerror=alert(1)><b>bold</b>')]} />);
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)><b>bold</b>');
  });
});

describe('Spans: images of the book', () => {
  it('shows an image the server serves as an image of the translation, the others by their label', () => {
    const info = {
      translationId: 'tr 1',
      chapter: 0,
      targetLanguage: 'es',
      targetDirection: 'ltr' as const,
      retranslations: { used: 0, limit: 3, follows_instructions: true },
    };
    render(
      <ReaderContext.Provider value={info}>
        <p>
          <Spans
            spans={[
              { ...tag(1, 'image', 'the coast'), image: 'i3' } as PassageSpan,
              tag(2, 'image', 'a drawing'),
            ]}
          />
        </p>
      </ReaderContext.Provider>,
    );
    expect(screen.getByRole('img', { name: 'the coast' })).toHaveAttribute(
      'src',
      '/api/v1/translations/tr%201/passages/images/i3/',
    );
    expect(screen.getByText('Image: a drawing')).toBeInTheDocument();
  });
});
