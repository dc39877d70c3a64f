import type { Brief } from '@booktranslate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MOCK_GLOSSARY } from '../../api/mock/mockGlossary';
import { wireBriefAnswer, wireError, wireId, wireSeries, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { BriefPanel } from './BriefPanel';

const T1 = wireId('c1');
// The name with its case forms as mock mode has it, then two more of the same book.
const glossary = [
  MOCK_GLOSSARY[0] as (typeof MOCK_GLOSSARY)[number],
  { source: 'Портос', target: 'Porthos', kind: 'character' as const, count: 30 },
  { source: 'Париж', target: 'Paris', kind: 'place' as const, count: 12 },
];

describe('BriefPanel', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('lists a term once with its case forms, the edit button above the glossary', async () => {
    server = await startApiServer({
      [`GET /translations/${T1}/brief/`]: () => ({ json: wireBriefAnswer(T1, { glossary }) }),
    });
    renderWith(<BriefPanel translationId={T1} open />, { user: wireUser() });
    const table = await screen.findByRole('table', { name: 'Glossary' });
    expect(within(table).getByText('also Атоса, Атосом, Атосу')).toBeInTheDocument();
    const edit = screen.getByRole('button', { name: 'Edit brief' });
    // The button comes before the rows, not after hundreds of them.
    expect(edit.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/does not use the glossary/)).toBeNull();
  });

  it('says when the engine does not use the glossary', async () => {
    server = await startApiServer({
      [`GET /translations/${T1}/brief/`]: () => ({
        json: wireBriefAnswer(T1, { glossary }, { engine_follows_glossary: false }),
      }),
    });
    renderWith(<BriefPanel translationId={T1} open />, { user: wireUser() });
    expect(await screen.findByText(/This engine does not use the glossary/)).toBeInTheDocument();
  });

  it('searches, deletes a row, saves without it (forms kept) and says it saved', async () => {
    let sent: Brief | undefined;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`GET /translations/${T1}/brief/`]: () => ({ json: wireBriefAnswer(T1, { glossary }) }),
      [`PUT /translations/${T1}/brief/`]: (_req, body) => {
        sent = JSON.parse(body);
        return { json: wireBriefAnswer(T1, sent ?? null, { edited: true }) };
      },
    });
    renderWith(<BriefPanel translationId={T1} open />, { user: wireUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit brief' }));
    const search = screen.getByRole('searchbox', { name: 'Search the glossary' });
    await userEvent.type(search, 'атосом');
    expect(
      screen.getAllByRole('textbox', { name: /^Term / }).map((i) => (i as HTMLInputElement).value),
    ).toEqual(['Атос']);
    await userEvent.clear(search);
    await userEvent.type(search, 'par');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Париж' }));
    expect(screen.getByText('No term matches “par”.')).toBeInTheDocument();
    await userEvent.clear(search);
    expect(screen.getAllByRole('textbox', { name: /^Term / })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Save brief' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(sent?.glossary.map((e) => e.source)).toEqual(['Атос', 'Портос']);
    expect(sent?.glossary[0]?.forms).toEqual(['Атоса', 'Атосом', 'Атосу']);
    expect(screen.queryByText('Париж')).toBeNull();
  });

  it('keeps the draft and says why when the save fails', async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`GET /translations/${T1}/brief/`]: () => ({ json: wireBriefAnswer(T1, { glossary }) }),
      [`PUT /translations/${T1}/brief/`]: () => ({
        status: 409,
        json: wireError('CONFLICT', 'The brief of a failed translation cannot be edited; retry it first'),
      }),
    });
    renderWith(<BriefPanel translationId={T1} open />, { user: wireUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit brief' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Портос' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save brief' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot be edited; retry it first');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('textbox', { name: /^Term / })).toHaveLength(2);
  });

  it('keeps the glossary for the book’s series and says the next volume will use it', async () => {
    const series = wireSeries();
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`GET /translations/${T1}/brief/`]: () => ({ json: wireBriefAnswer(T1, { glossary }) }),
      'GET /series/': () => ({ json: { items: [series] } }),
      [`POST /translations/${T1}/glossary/keep-for-series/`]: () => ({ json: series }),
    });
    // The second volume of The Mill Stories.
    renderWith(<BriefPanel translationId={T1} bookId={wireId('b2')} open />, { user: wireUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Keep for the series' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Kept for the series “The Mill Stories”. Volume 3 will use these names.',
    );
    expect(server.count(`POST /translations/${T1}/glossary/keep-for-series/`)).toBe(1);
  });

  it('offers no "Keep for the series" for a book in no series, and shows the server’s refusal', async () => {
    let inSeries = false;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`GET /translations/${T1}/brief/`]: () => ({ json: wireBriefAnswer(T1, { glossary }) }),
      'GET /series/': () => ({ json: { items: inSeries ? [wireSeries()] : [] } }),
      [`POST /translations/${T1}/glossary/keep-for-series/`]: () => ({
        status: 409,
        json: wireError('CONFLICT', 'This book is in no series: put it in one first'),
      }),
    });
    const { unmount } = renderWith(<BriefPanel translationId={T1} bookId={wireId('b9')} open />, {
      user: wireUser(),
    });
    await screen.findByRole('table', { name: 'Glossary' });
    await waitFor(() => expect(server?.count('GET /series/')).toBe(1));
    expect(screen.queryByRole('button', { name: 'Keep for the series' })).toBeNull();
    unmount();

    // The list said it was in one; the server, asked, says it is not (taken out meanwhile).
    inSeries = true;
    renderWith(<BriefPanel translationId={T1} bookId={wireId('b1')} open />, { user: wireUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Keep for the series' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('put it in one first');
  });
});
