import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { wireBook, wireBriefAnswer, wireConfig, wireId, wireTranslation } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { openTranslationDialog } from '../../test/translationDialog';

const T1 = wireId('c1');

describe('the glossary review', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('puts the glossary edit button right under Continue translation, above the rows', async () => {
    const glossary = Array.from({ length: 60 }, (_, i) => ({
      source: `Имя${i}`,
      target: `Name${i}`,
      kind: 'character' as const,
    }));
    server = await startApiServer({
      [`GET /translations/${T1}/brief/`]: () => ({
        json: wireBriefAnswer(T1, { glossary }, { status: 'reviewing' }),
      }),
    });
    openTranslationDialog(
      wireTranslation({ id: T1, target_language: 'en', status: 'reviewing', progress: 0 }),
      wireBook({ title: 'Три мушкетёра', author: 'Дюма', original_language: 'ru' }),
    );
    const edit = await screen.findByRole('button', { name: 'Edit brief' });
    const continueButton = screen.getByRole('button', { name: 'Continue translation' });
    const close = screen.getByRole('button', { name: 'Close' });
    const rows = screen.getByRole('table', { name: 'Glossary' });
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(continueButton, edit)).toBe(true);
    expect(follows(edit, rows)).toBe(true);
    expect(follows(rows, close)).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Edit brief' })).toHaveLength(1);
  });

  it('says how long the translation waits for the review, from the server’s setting', async () => {
    server = await startApiServer({
      'GET /config/public': () => ({ json: wireConfig({ glossary_review_hours: 72 }) }),
      [`GET /translations/${T1}/brief/`]: () => ({
        json: wireBriefAnswer(T1, { glossary: [] }, { status: 'reviewing' }),
      }),
    });
    openTranslationDialog(wireTranslation({ id: T1, status: 'reviewing', progress: 0 }), wireBook());
    expect(
      await screen.findByText(
        'If you do not continue within 3 days of your last change, the translation stops and its credit comes back.',
      ),
    ).toBeInTheDocument();
  });
});
