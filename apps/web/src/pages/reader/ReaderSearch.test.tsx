import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireId, wirePassage } from '../../api/mock/wire';
import type { startApiServer } from '../../test/apiServer';
import { fakePassages } from '../../test/fakePassages';
import { openReader } from '../../test/openReader';

const B1 = wireId('b1');
const T1 = wireId('c1');
const spans = (t: string) => [{ type: 'text' as const, text: t, marks: [] }];

const book = () => [
  {
    title: 'The Keeper',
    passages: [
      wirePassage({
        block_id: 'c1.b1',
        source: spans('The sea was calm.'),
        target: spans('El mar estaba en calma.'),
        target_text: 'El mar estaba en calma.',
      }),
      wirePassage({
        block_id: 'c1.b2',
        source: spans('The keeper lit the lamp.'),
        target: spans('El guardián encendió la lámpara.'),
        target_text: 'El guardián encendió la lámpara.',
        flags: [{ reason: 'glossary', message: '“Keeper” should be “Farero”, found “guardián”' }],
      }),
    ],
  },
  {
    title: 'The Storm',
    passages: [
      wirePassage({
        block_id: 'c2.b1',
        source: spans('Wind.'),
        target: spans('Viento.'),
        target_text: 'Viento.',
      }),
      wirePassage({
        block_id: 'c2.b2',
        source: spans('The Keeper watched the rain on the roof.'),
        target: null,
        target_text: null,
        beyond_preview: true,
      }),
    ],
  },
];

describe('Reader: search across the whole book and the three filters', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  async function open() {
    const fake = fakePassages(T1, book());
    server = await openReader({ bookId: B1, translationId: T1, routes: fake.routes });
  }
  const filter = (name: RegExp) => screen.getByRole('button', { name });

  it('counts each filter in the book and lists the passages of one, from every chapter', async () => {
    await open();
    await waitFor(() => expect(filter(/^Not translated 1$/)).toBeInTheDocument());
    expect(filter(/^Flagged 1$/)).toHaveAttribute('aria-pressed', 'false');
    expect(filter(/^Edited 0$/)).toBeInTheDocument();

    await userEvent.click(filter(/^Not translated/));
    expect(await screen.findByText('1 passage is not translated.')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Found in the book' });
    expect(within(results).getByText('The Storm')).toBeInTheDocument();
    expect(within(results).getByText('Beyond the Free preview')).toBeInTheDocument();
    expect(filter(/^Not translated/)).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(filter(/^All$/));
    // Back to the chapter being read.
    expect(await screen.findByRole('heading', { name: 'The Keeper' })).toBeInTheDocument();
  });

  it('finds words in any case in the original or the translation, marks them, and opens one in its chapter', async () => {
    await open();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the whole book' }), 'KEEPER');
    expect(await screen.findByText('2 passages hold “KEEPER”.')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Found in the book' });
    const marks = [...results.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['keeper', 'Keeper']);

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search the whole book' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the whole book' }), 'lámpara{Enter}');
    expect(await screen.findByText('1 passage holds “lámpara”.')).toBeInTheDocument();
    await userEvent.click(filter(/^Not translated/));
    expect(await screen.findByText('No passage that is not translated holds “lámpara”.')).toBeInTheDocument();
    await userEvent.click(filter(/^Flagged/));
    expect(await screen.findByText('1 flagged passage holds “lámpara”.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open in chapter' }));
    expect(await screen.findByRole('heading', { name: 'The Keeper' })).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.getAttribute('data-block-id')).toBe('c1.b2'));
    expect(screen.getByRole('searchbox', { name: 'Search the whole book' })).toHaveValue('');
  });
});
