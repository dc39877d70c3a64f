import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireId, wirePassage } from '../../api/mock/wire';
import type { startApiServer } from '../../test/apiServer';
import { fakePassages } from '../../test/fakePassages';
import { openReader } from '../../test/openReader';

const B1 = wireId('b1');
const T1 = wireId('c1');

const text = (block_id: string, source: string, target: string) =>
  wirePassage({
    block_id,
    source: [{ type: 'text', text: source, marks: [] }],
    target: [{ type: 'text', text: target, marks: [] }],
    target_text: target,
  });

const book = () => [
  { title: 'The Keeper', passages: [text('c1.b1', 'The sea was calm.', 'El mar estaba en calma.')] },
  {
    title: 'The Storm',
    passages: [
      text('c2.b1', 'Wind.', 'Viento.'),
      text('c2.b2', 'Rain fell on the roof.', 'La lluvia caía sobre el tejado.'),
    ],
  },
];

describe('Reader: re-translations said, marked and undone; links to one passage', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  async function open(options: Parameters<typeof fakePassages>[2] = {}, path = '') {
    const fake = fakePassages(T1, book(), options);
    server = await openReader({ bookId: B1, translationId: T1, routes: fake.routes, suffix: path });
    return fake;
  }
  const row = (n: number) => screen.getByRole('listitem', { name: new RegExp(`^Passage ${n}\\b`) });

  it('says an identical answer did not count, and keeps the form open', async () => {
    const fake = await open({ followsInstructions: false, retranslated: (p) => p.target_text ?? '' });
    await userEvent.click(within(row(1)).getByRole('button', { name: 'Re-translate' }));
    await userEvent.click(within(row(1)).getAllByRole('button', { name: 'Re-translate' })[1] as HTMLElement);
    expect(
      await within(row(1)).findByText('The engine gave the same translation; this did not count.'),
    ).toBeInTheDocument();
    expect(fake.retranslations.used).toBe(0);
    expect(within(row(1)).queryByText('Re-translated')).toBeNull();
  });

  it('marks a re-translated passage and undoes it like an edit', async () => {
    await open({ retranslated: () => 'El mar dormía.' });
    await userEvent.click(within(row(1)).getByRole('button', { name: 'Re-translate' }));
    await userEvent.click(within(row(1)).getAllByRole('button', { name: 'Re-translate' })[1] as HTMLElement);
    expect(await within(row(1)).findByText('El mar dormía.')).toBeInTheDocument();
    expect(within(row(1)).getByText('Re-translated')).toBeInTheDocument();
    expect(row(1)).toHaveAccessibleName(/re-translated/);
    await userEvent.click(within(row(1)).getByRole('button', { name: 'Undo re-translation' }));
    expect(await within(row(1)).findByText('El mar estaba en calma.')).toBeInTheDocument();
    expect(within(row(1)).queryByText('Re-translated')).toBeNull();
    expect(within(row(1)).queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('opens the chapter of a linked passage (?passage=) and focuses that passage', async () => {
    await open({}, '?passage=c2.b2');
    expect(await screen.findByRole('heading', { name: /The Storm/ })).toHaveAttribute('id', 'chapter-title');
    await waitFor(() => expect(row(2)).toHaveFocus());
    expect(within(row(2)).getByText('La lluvia caía sobre el tejado.')).toBeInTheDocument();
  });
});
