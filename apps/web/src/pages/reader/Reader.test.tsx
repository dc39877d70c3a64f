import type { InlineKind, Passage } from '@booktranslate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireId, wirePassage } from '../../api/mock/wire';
import { type MarkerInfo, parsePlaceholders } from '../../lib/placeholders';
import type { startApiServer } from '../../test/apiServer';
import { fakePassages } from '../../test/fakePassages';
import { openReader } from '../../test/openReader';

const B1 = wireId('b1');
const T1 = wireId('c1');

function passage(
  blockId: string,
  source: string,
  target: string | null,
  marks: Record<number, InlineKind> = {},
  over: Partial<Passage> = {},
): Passage {
  const markers = new Map<number, MarkerInfo>(
    Object.entries(marks).map(([n, kind]) => [
      Number(n),
      { kind, href: null, label: null, tag: source.includes(`<x${n}/>`) },
    ]),
  );
  return wirePassage({
    block_id: blockId,
    source: parsePlaceholders(source, markers),
    target: target === null ? null : parsePlaceholders(target, markers),
    target_text: target,
    ...over,
  });
}

const book = () => [
  {
    title: 'The Keeper',
    passages: [
      passage('p0', 'Chapter One', 'Capítulo uno', {}, { kind: 'heading' }),
      passage('p1', 'Old <g1>Tomas</g1> kept the light.', 'El viejo <g1>Tomás</g1> cuidaba la luz.', {
        1: 'emphasis',
      }),
      passage('p2', 'He climbed the steps.', 'Subía los escalones a mano.', {}, { edited: true }),
      passage(
        'p3',
        'The sea was calm.',
        'Here is the translation: el mar.',
        {},
        {
          flags: [{ reason: 'chatter', message: 'Leftover commentary: “Here is the translation:”' }],
        },
      ),
    ],
  },
  { title: 'The Storm', passages: [passage('p4', 'Wind.', 'Viento.')] },
  {
    title: 'Morning',
    passages: [
      passage('p5', 'Bread came.', 'Llegó el pan.'),
      passage(
        'p6',
        'The harbour master came.',
        null,
        {},
        {
          flags: [{ reason: 'untranslated', message: 'The engine left this passage untranslated' }],
        },
      ),
    ],
  },
];

describe('Reader', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  async function open(
    options: Parameters<typeof fakePassages>[2] = {},
    chapters = book(),
  ): Promise<ReturnType<typeof fakePassages>> {
    const fake = fakePassages(T1, chapters, options);
    server = await openReader({ bookId: B1, translationId: T1, routes: fake.routes });
    return fake;
  }
  const row = (n: number) => screen.getByRole('listitem', { name: new RegExp(`^Passage ${n}\\b`) });

  it('shows the original beside the translation with flags, edits and chapters with flagged counts', async () => {
    await open();
    expect(
      screen.getByText(/English → Spanish · 2 flagged passages · 3 of 3 re-translations left/),
    ).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Chapters' });
    expect(within(nav).getByRole('button', { name: /^The Keeper, 1 flagged$/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('button', { name: 'The Storm' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Chapter' })).toHaveValue('0');

    const second = row(2);
    expect(within(second).getByText('Tomas').tagName).toBe('EM');
    expect(within(second).getByText('Tomás').tagName).toBe('EM');
    expect(within(second).getByText('Tomás').closest('[lang]')).toHaveAttribute('lang', 'es');
    expect(within(second).getByText('Tomas').closest('[lang]')).toHaveAttribute('dir', 'ltr');

    expect(within(row(3)).getByText('Edited')).toBeInTheDocument();
    expect(within(row(3)).getByRole('button', { name: 'Undo edit' })).toBeInTheDocument();
    const flagged = row(4);
    expect(flagged).toHaveAccessibleName('Passage 4, flagged');
    expect(within(flagged).getByText('Flagged: Leftover commentary')).toBeInTheDocument();
    expect(within(flagged).getByText('Leftover commentary: “Here is the translation:”')).toBeInTheDocument();
  });

  it('renders a right-to-left target right to left', async () => {
    await open({ over: { target_language: 'ar', target_direction: 'rtl' } }, [
      { title: 'One', passages: [passage('p0', 'Peace.', 'سلام.')] },
    ]);
    const target = screen.getByText('سلام.');
    expect(target.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    expect(target.closest('[lang]')).toHaveAttribute('lang', 'ar');
    expect(screen.getByText('Peace.').closest('[dir]')).toHaveAttribute('dir', 'ltr');
  });

  it('goes to the next flagged passage, across chapters by their flagged counts', async () => {
    await open();
    const next = screen.getByRole('button', { name: 'Next flagged passage' });
    await userEvent.click(next);
    await waitFor(() => expect(document.activeElement).toBe(row(4)));
    // Chapter 2 has no flagged passage: the next one is in chapter 3, loaded on the way.
    await userEvent.click(next);
    await screen.findByRole('heading', { name: 'Morning' });
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Passage 2, flagged'));
    expect(within(row(2)).getByText('Not translated')).toBeInTheDocument();
    expect(within(row(2)).getByText('Flagged: Not translated')).toBeInTheDocument();
    // Nothing to edit or translate again there, by button or by Enter.
    expect(within(row(2)).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(row(2)).queryByRole('button', { name: 'Re-translate' })).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Your translation' })).toBeNull();
  });

  it('moves between passages with the arrows and edits the focused one with Enter; Escape cancels', async () => {
    const fake = await open();
    row(1).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(row(2));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(document.activeElement).toBe(row(3));
    await userEvent.keyboard('{ArrowUp}{Enter}');
    const box = screen.getByRole('textbox', { name: 'Your translation' });
    expect(box).toHaveValue('El viejo <g1>Tomás</g1> cuidaba la luz.');
    expect(screen.getByText('<g1>…</g1>')).toBeInTheDocument();
    expect(screen.getByText(/emphasis/)).toBeInTheDocument();
    // Arrows while typing stay in the text.
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(box);
    await userEvent.type(box, ' Siempre.');
    expect(within(screen.getByText('Preview').parentElement as HTMLElement).getByText('Tomás').tagName).toBe(
      'EM',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Your translation' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(row(2)));
    expect(within(row(2)).getByText(/cuidaba la luz\.$/)).toBeInTheDocument();
    expect(fake.bodies).toEqual([]);
  });

  it('saves an edit, shows a refusal inline keeping the text, and undoes an edit', async () => {
    const fake = await open();
    await userEvent.click(within(row(2)).getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Your translation' });
    await userEvent.clear(box);
    await userEvent.type(box, 'El viejo Tomás cuidaba el faro.');
    expect(screen.getByText('Missing now: <g1> </g1>')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not saved: Keep the markers of the original: <g1>…</g1> (emphasis)',
    );
    expect(box).toHaveValue('El viejo Tomás cuidaba el faro.');

    await userEvent.clear(box);
    await userEvent.type(box, 'El viejo <g1>Tomás</g1> cuidaba el faro.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(within(row(2)).getByText('Edited')).toBeInTheDocument();
    expect(within(row(2)).getByText(/cuidaba el faro\./)).toBeInTheDocument();
    expect(fake.bodies.at(-1)).toEqual({ target: 'El viejo <g1>Tomás</g1> cuidaba el faro.' });

    await userEvent.click(within(row(2)).getByRole('button', { name: 'Undo edit' }));
    await waitFor(() => expect(within(row(2)).queryByText('Edited')).toBeNull());
    expect(within(row(2)).getByText(/cuidaba la luz\./)).toBeInTheDocument();
    expect(server?.count(`DELETE /translations/${T1}/passages/p1/`)).toBe(1);
  });

  it('re-translates one passage with an instruction, counts the allowance and shows a 429 inline', async () => {
    const fake = await open({ limit: 1, retranslated: () => 'Don <g1>Tomás</g1> custodiaba la luz.' });
    await userEvent.click(within(row(2)).getByRole('button', { name: 'Re-translate' }));
    expect(within(row(2)).getByText(/1 of 1 re-translation left/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Instruction/ }), 'more formal');
    await userEvent.click(within(row(2)).getAllByRole('button', { name: 'Re-translate' })[1] as HTMLElement);
    expect(await within(row(2)).findByText(/custodiaba la luz/)).toBeInTheDocument();
    expect(fake.bodies.at(-1)).toEqual({ instruction: 'more formal' });
    expect(screen.getByText(/0 of 1 re-translation left/)).toBeInTheDocument();

    // With the allowance used up the form says so and cannot be sent.
    await userEvent.click(within(row(4)).getByRole('button', { name: 'Re-translate' }));
    const submit = within(row(4)).getAllByRole('button', { name: 'Re-translate' })[1] as HTMLElement;
    expect(submit).toBeDisabled();
    expect(within(row(4)).getByText(/0 of 1 re-translation left/)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(within(row(4)).queryByRole('textbox')).toBeNull();
  });

  it('offers no instruction when the engine does not follow one, and re-translates as it is', async () => {
    const fake = await open({
      followsInstructions: false,
      retranslated: () => 'El viejo <g1>Tomás</g1> vigilaba la luz.',
    });
    await userEvent.click(within(row(2)).getByRole('button', { name: 'Re-translate' }));
    expect(within(row(2)).queryByRole('textbox')).toBeNull();
    expect(within(row(2)).getByText(/does not follow instructions/)).toBeInTheDocument();
    const submit = within(row(2)).getAllByRole('button', { name: 'Re-translate' })[1] as HTMLElement;
    expect(submit).toHaveFocus();
    await userEvent.click(submit);
    expect(await within(row(2)).findByText(/vigilaba la luz/)).toBeInTheDocument();
    expect(fake.bodies.at(-1)).toEqual({});
  });

  it('shows the reason of a refused re-translation inline', async () => {
    const fake = await open({ limit: 5 });
    fake.retranslations.used = 5;
    await userEvent.click(within(row(1)).getByRole('button', { name: 'Re-translate' }));
    await userEvent.click(within(row(1)).getAllByRole('button', { name: 'Re-translate' })[1] as HTMLElement);
    expect(await within(row(1)).findByRole('alert')).toHaveTextContent(
      'Not re-translated: All 5 re-translations of this book are used',
    );
    expect(within(row(1)).getByRole('textbox', { name: /Instruction/ })).toBeInTheDocument();
  });

  it('focuses a flagged passage far down a long chapter once the rest of it is rendered', async () => {
    const long = Array.from({ length: 400 }, (_, i) =>
      passage(
        `q${i}`,
        `Line ${i}.`,
        `Línea ${i}.`,
        {},
        {
          flags: i === 350 ? [{ reason: 'length', message: 'Twice as long' }] : [],
        },
      ),
    );
    await open({}, [{ title: 'Long', passages: long }]);
    await userEvent.click(screen.getByRole('button', { name: 'Next flagged passage' }));
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Passage 351, flagged'));
    expect(screen.getAllByRole('listitem', { name: /^Passage \d+/ })).toHaveLength(400);
  });
});
