import type { Brief } from '@booktranslate/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireBriefAnswer, wireError, wireId, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { BriefPanel } from './BriefPanel';

const T1 = wireId('c1');
const glossary = [
  {
    source: 'Атос',
    target: 'Athos',
    kind: 'character' as const,
    count: 41,
    forms: ['Атоса', 'Атосом', 'Атосу'],
  },
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
});
