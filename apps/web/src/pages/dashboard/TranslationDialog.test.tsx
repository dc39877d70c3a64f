import type { Translation } from '@booktranslate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { wireBriefAnswer, wireId, wireReport, wireTranslation, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { dialogBook, openTranslationDialog } from '../../test/translationDialog';
import { TranslationDialog } from './TranslationDialog';

const T1 = wireId('c1');
const translation = (over: Partial<Translation>): Translation =>
  wireTranslation({ id: T1, target_language: 'es', status: 'completed', progress: 100, ...over });

describe('TranslationDialog', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('shows the failure reason and retries through the API', async () => {
    let csrf: unknown;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`POST /translations/${T1}/retry/`]: (req) => {
        csrf = req.headers['x-csrf-token'];
        return { json: wireTranslation({ id: T1, status: 'pending' }) };
      },
      [`GET /translations/${T1}/brief/`]: () => ({
        json: wireBriefAnswer(T1, null, { status: 'failed' }),
      }),
    });
    const { onClose, onChanged } = openTranslationDialog(
      translation({ status: 'failed', failure_reason: 'The model refused the text.' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The model refused the text.');
    expect(screen.queryByRole('link', { name: 'Read and review' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalledWith('Translation started successfully!');
    expect(csrf).toBe('tok');
  });

  it('offers no retry for a book that cannot be translated as it is, and says so', async () => {
    server = await startApiServer({
      [`GET /translations/${T1}/brief/`]: () => ({
        json: wireBriefAnswer(T1, null, { status: 'failed' }),
      }),
    });
    openTranslationDialog(
      translation({
        status: 'failed',
        failure_reason: 'The book is built in a way no real book is (too long).',
        failure_kind: 'book',
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('too long');
    expect(screen.getByRole('alert')).toHaveTextContent('A retry cannot change this');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says to upload the book again when its original was deleted after the failure', async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`POST /translations/${T1}/retry/`]: () => ({
        status: 409,
        json: {
          success: false,
          error: {
            code: 'CONFLICT',
            message: 'The original file of this book was deleted on 2026-11-25; upload the book again.',
            details: { reason: 'original-deleted' },
          },
        },
      }),
      [`GET /translations/${T1}/brief/`]: () => ({
        json: wireBriefAnswer(T1, null, { status: 'failed' }),
      }),
    });
    const { onClose } = openTranslationDialog(
      translation({ status: 'failed', failure_reason: 'The model refused the text.' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText(/original file was deleted .* Upload the book again to translate it\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).not.toHaveTextContent('status changed meanwhile');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers the four downloads, sharing and rating for a completed translation', async () => {
    server = await startApiServer({
      [`GET /translations/${T1}/brief/`]: () => ({
        json: wireBriefAnswer(T1, {
          genre: 'Gothic novel',
          glossary: [{ source: 'Mina', target: 'Mina', kind: 'character' }],
        }),
      }),
    });
    openTranslationDialog(translation({}));
    for (const name of ['EPUB', 'FB2', 'TXT', 'Bilingual EPUB'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'DOCX' })).toBeNull();
    for (const name of ['X', 'Facebook', 'LinkedIn'])
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '5 stars' })).toBeInTheDocument();
    expect(await screen.findByText('Gothic novel')).toBeInTheDocument();
  });

  it('offers a DOCX book back as DOCX beside EPUB, FB2 and TXT', async () => {
    server = await startApiServer({
      [`GET /translations/${T1}/brief/`]: () => ({ json: wireBriefAnswer(T1, null) }),
    });
    openTranslationDialog(translation({ file_type: 'docx', file_name: 'report.docx' }));
    const buttons = screen
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => ['EPUB', 'FB2', 'DOCX', 'Markdown', 'TXT', 'Bilingual EPUB'].includes(t ?? ''));
    expect(buttons).toEqual(['EPUB', 'FB2', 'DOCX', 'TXT', 'Bilingual EPUB']);
  });

  it('asks before cancelling and says the credit stays spent once translating began', async () => {
    let cancels = 0;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`POST /translations/${T1}/cancel/`]: () => {
        cancels++;
        return { json: wireTranslation({ id: T1, status: 'canceled' }) };
      },
      [`GET /translations/${T1}/brief/`]: () => ({ json: wireBriefAnswer(T1, null) }),
    });
    const { onClose } = openTranslationDialog(translation({ status: 'translating', progress: 40 }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel translation' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel this translation?' });
    expect(confirm).toHaveTextContent('the credit stays spent');
    expect(cancels).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Keep translating' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel translation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel translation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(cancels).toBe(1);
  });

  it('shows the quality summary of a completed translation, with the findings one click away', async () => {
    server = await startApiServer({
      [`GET /translations/${T1}/brief/`]: () => ({
        json: wireBriefAnswer(T1, {
          genre: 'Gothic novel',
          glossary: [{ source: 'Mina', target: 'Mina', kind: 'character', count: 41 }],
        }),
      }),
      [`GET /translations/${T1}/report/`]: () => ({
        json: wireReport({
          blocks_total: 2567,
          blocks_translated: 2541,
          // Stored out of order, as chunks finished.
          untranslated: [
            { block_id: 'c10.b2', chapter: 'Chapter X', reason: 'missing' },
            { block_id: 'c3.b7', chapter: 'Chapter III', reason: 'identical' },
          ],
          glossary: {
            terms: [{ term: 'Mina', expected: 'Mina', blocks: 41, compliant: 38 }],
            violations: [
              { term: 'Mina', block_id: 'c4.b2', chapter: 'Chapter IV', expected: 'Mina', found: 'Minna' },
            ],
          },
          source_words: [{ block_id: 'c2.b5', chapter: 'Chapter II', words: ['peeped', 'daisies'] }],
          summary: '2,541 of 2,567 passages translated; 1 glossary term used inconsistently',
        }),
      }),
    });
    openTranslationDialog(translation({}));
    const line = await screen.findByText(
      '2,541 of 2,567 passages translated; 1 glossary term used inconsistently',
    );
    const details = line.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.click(line);
    expect(details.open).toBe(true);
    expect(screen.getByText('Untranslated passages (2)')).toBeInTheDocument();
    // Each finding names its chapter and links to its passage in the reader, in book order.
    const reader = `/books/${dialogBook.id}/translations/${T1}/read`;
    const untranslated = within(screen.getByText('Untranslated passages (2)').closest('section')!);
    const items = untranslated.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Chapter III: left as the source',
      'Chapter X: not translated',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Chapter III' })).toHaveAttribute(
      'href',
      `${reader}?passage=c3.b7`,
    );
    expect(screen.queryByText(/c3\.b7/)).toBeNull();
    const glossary = screen.getByText('Glossary not followed (1)').closest('section')!;
    expect(glossary.textContent).toContain('Chapter IV: “Mina” should be “Mina”, found “Minna”');
    expect(within(glossary).getByRole('link', { name: 'Chapter IV' })).toHaveAttribute(
      'href',
      `${reader}?passage=c4.b2`,
    );
    const left = screen.getByText('Words left in the source language (1)').closest('section')!;
    expect(left.textContent).toContain('Chapter II: words left in the source language: “peeped”, “daisies”');
    // Findings were listed: no "Every check passed" beside them.
    expect(screen.queryByText('Every check passed.')).toBeNull();
  });

  it('says "Every check passed" only when no check found anything and none was left out', async () => {
    for (const [unchecked, said] of [
      [[], 'Every check passed.'],
      [
        ['source_words'],
        'The checks that ran found nothing; not checked: words left in the source language.',
      ],
    ] as const) {
      server?.close();
      server = await startApiServer({
        [`GET /translations/${T1}/report/`]: () => ({ json: wireReport({ unchecked: [...unchecked] }) }),
      });
      const view = openTranslationDialog(translation({}));
      await userEvent.click(await screen.findByText('12 of 12 passages translated; no problems found'));
      expect(screen.getByText(said)).toBeInTheDocument();
      view.unmount();
    }
  });

  it('a translation waiting for its glossary review opens the glossary and continues through the API', async () => {
    let continued = false;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`GET /translations/${T1}/brief/`]: () => ({
        json: wireBriefAnswer(
          T1,
          {
            genre: 'Gothic novel',
            glossary: [{ source: 'Mina', target: 'Mina', kind: 'character', count: 41 }],
          },
          { status: 'reviewing' },
        ),
      }),
      [`POST /translations/${T1}/continue/`]: () => {
        continued = true;
        return { json: wireTranslation({ id: T1, status: 'translating' }) };
      },
    });
    const { onClose, onChanged } = openTranslationDialog(translation({ status: 'reviewing', progress: 0 }));
    expect(screen.getByText('Waiting for your glossary review')).toBeInTheDocument();
    const term = await screen.findByText('41');
    expect((term.closest('details') as HTMLDetailsElement).open).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Continue translation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(continued).toBe(true);
    expect(onChanged).toHaveBeenCalledWith('Translation started successfully!');
  });

  it('says how many words came from the user’s earlier translations, while it runs and once done', async () => {
    server = await startApiServer({
      [`GET /translations/${T1}/brief/`]: () => ({ json: wireBriefAnswer(T1, null) }),
    });
    const view = openTranslationDialog(
      translation({ status: 'translating', progress: 40, words_from_memory: 1 }),
    );
    expect(
      screen.getByText('1 word from your earlier translations, not translated again.'),
    ).toBeInTheDocument();
    view.unmount();
    const done = openTranslationDialog(translation({ words_total: 23_100, words_from_memory: 21_400 }));
    expect(
      screen.getByText('21,400 words from your earlier translations, not translated again.'),
    ).toBeInTheDocument();
    done.unmount();
    openTranslationDialog(translation({ words_total: 23_100 }));
    expect(screen.queryByText(/from your earlier translations/)).toBeNull();
  });

  it('opens the reader of a completed translation from "Read and review"', async () => {
    server = await startApiServer({
      [`GET /translations/${T1}/brief/`]: () => ({ json: wireBriefAnswer(T1, null) }),
    });
    function ReaderStandIn() {
      const { bookId, translationId } = useParams();
      return <p>Reader of {`${bookId} ${translationId}`}</p>;
    }
    renderWith(
      <Routes>
        <Route
          path="/"
          element={
            <TranslationDialog
              book={dialogBook}
              translation={translation({})}
              onClose={() => {}}
              onChanged={async () => {}}
            />
          }
        />
        <Route path="/books/:bookId/translations/:translationId/read" element={<ReaderStandIn />} />
      </Routes>,
      { user: wireUser() },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Read and review' }));
    expect(await screen.findByText(`Reader of ${dialogBook.id} ${T1}`)).toBeInTheDocument();
  });
});
