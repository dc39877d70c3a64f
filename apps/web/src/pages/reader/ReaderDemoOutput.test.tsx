import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { wireId, wirePassage, wireTranslation } from '../../api/mock/wire';
import type { startApiServer } from '../../test/apiServer';
import { fakePassages } from '../../test/fakePassages';
import { openReader } from '../../test/openReader';

const B1 = wireId('b1');
const T1 = wireId('c1');

describe('the reader header says when a translation is demo output', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  async function open(demo: boolean) {
    const passages = [wirePassage({ block_id: 'p0', target_text: 'Lorem ipsum (demo).' })];
    const fake = fakePassages(T1, [{ title: 'One', passages }]);
    const translation = wireTranslation({
      id: T1,
      book_id: B1,
      status: 'completed',
      progress: 100,
      engine: demo ? 'demo' : 'apertium',
      engine_is_demo: demo,
    });
    server = await openReader({
      bookId: B1,
      translationId: T1,
      routes: fake.routes,
      book: { translations: [translation] },
    });
  }

  it('labels the demo engine output as placeholder text', async () => {
    await open(true);
    expect(await screen.findByText(/^Demo output: placeholder text/)).toBeVisible();
  });

  it('says nothing of a demo for a real engine translation', async () => {
    await open(false);
    expect(screen.getByText(/Read and review/)).toBeVisible();
    expect(screen.queryByText(/Demo output/)).toBeNull();
  });
});
