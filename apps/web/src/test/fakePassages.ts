import type { IncomingMessage } from 'node:http';
import type { Passage, PassagesResponse } from '@booktranslate/contract';
import { searchAnswer } from '../api/mock/searchAnswer';
import { wireError, wirePassageAnswer, wirePassagesAnswer } from '../api/mock/wire';
import { editProblem, markersOf, parsePlaceholders } from '../lib/placeholders';

/** A page of the fake book; `depth`, `part` and `parts` as the server gives them (0, 1, 1 if left out). */
export interface FakeChapter {
  title: string;
  passages: Passage[];
  depth?: number;
  part?: number;
  parts?: number;
}

type Answer = { status?: number; json?: unknown };
type Handler = (req: IncomingMessage, body: string) => Answer | undefined;

/**
 * The passage routes of one translation for `startApiServer`, with the server's behaviour:
 * chapters by `?chapter=N`, an edit refused (400) by the contract's edit check, undo to the engine's
 * version, re-translation counted against `limit` (429 past it). Answers are built with `api/mock/wire.ts`.
 */
export function fakePassages(
  translationId: string,
  chapters: FakeChapter[],
  options: {
    limit?: number;
    /** False for a translation whose engine (DeepL, Apertium) ignores a reader's wish. */
    followsInstructions?: boolean;
    over?: Partial<PassagesResponse>;
    retranslated?: (p: Passage) => string;
  } = {},
) {
  const engine = new Map(chapters.flatMap((c) => c.passages.map((p) => [p.block_id, p] as const)));
  const retranslations = {
    used: 0,
    limit: options.limit ?? 3,
    follows_instructions: options.followsInstructions ?? true,
  };
  const bodies: Record<string, unknown>[] = [];
  const find = (blockId: string) => {
    for (const c of chapters) {
      const i = c.passages.findIndex((p) => p.block_id === blockId);
      if (i >= 0) return { c, i, p: c.passages[i] as Passage };
    }
    throw new Error(`no passage ${blockId}`);
  };
  const replace = (blockId: string, next: Passage): Answer => {
    const { c, i } = find(blockId);
    c.passages[i] = next;
    return { json: wirePassageAnswer(next, { ...retranslations }) };
  };
  const withText = (p: Passage, text: string, edited: boolean): Passage => ({
    ...p,
    target: parsePlaceholders(text, markersOf(p.source)),
    target_text: text,
    flags: [],
    edited,
    retranslated: !edited,
  });
  // What a re-translation replaced, for its undo (as the server keeps it).
  const beneath = new Map<string, Passage>();
  const base = `/translations/${translationId}/passages/`;
  const routes: Record<string, Handler> = {
    [`GET ${base}`]: (req) => {
      const query = new URL(req.url ?? '', 'http://x').searchParams;
      const passage = query.get('passage');
      // ?passage= answers the chapter holding that passage, as the server does.
      const chapter =
        passage === null
          ? Number(query.get('chapter') ?? 0)
          : chapters.findIndex((c) => c.passages.some((p) => p.block_id === passage));
      if (chapter < 0)
        return { status: 404, json: wireError('NOT_FOUND', `This book has no passage ${passage}`) };
      return {
        json: wirePassagesAnswer({
          translation_id: translationId,
          chapter,
          chapters: chapters.map((c, index) => ({
            index,
            title: c.title,
            depth: c.depth ?? 0,
            part: c.part ?? 1,
            parts: c.parts ?? 1,
            flagged: c.passages.filter((p) => p.flags.length > 0).length,
            passages: c.passages.length,
          })),
          passages: chapters[chapter]?.passages ?? [],
          retranslations: { ...retranslations },
          ...options.over,
        }),
      };
    },
    [`GET ${base}search/`]: (req) => {
      const query = new URL(req.url ?? '', 'http://x').searchParams;
      const pages = chapters.map((c, index) => ({ index, title: c.title, passages: c.passages }));
      return { json: searchAnswer(pages, { q: query.get('q'), show: query.get('show') }) };
    },
  };
  for (const blockId of engine.keys()) {
    routes[`PUT ${base}${blockId}/`] = (_req, raw) => {
      const body = JSON.parse(raw) as { target: string };
      bodies.push(body);
      const { p } = find(blockId);
      const problem = editProblem(body.target, markersOf(p.source));
      if (problem)
        return { status: 400, json: wireError('VALIDATION_ERROR', problem.message, problem.details) };
      if (p.retranslated) beneath.set(blockId, p);
      return replace(blockId, withText(p, body.target, true));
    };
    routes[`DELETE ${base}${blockId}/`] = () => {
      const { p } = find(blockId);
      const under = beneath.get(blockId);
      beneath.delete(blockId);
      return replace(
        blockId,
        (p.edited || p.retranslated) && under ? under : (engine.get(blockId) as Passage),
      );
    };
    routes[`POST ${base}${blockId}/retranslate/`] = (_req, raw) => {
      const body = JSON.parse(raw || '{}') as { instruction?: string };
      bodies.push(body);
      if (body.instruction?.trim() && !retranslations.follows_instructions)
        return {
          status: 400,
          json: wireError('VALIDATION_ERROR', "This translation's engine does not follow instructions", {
            field: 'instruction',
            reason: 'instruction-not-followed',
          }),
        };
      if (retranslations.used >= retranslations.limit)
        return {
          status: 429,
          json: wireError(
            'RATE_LIMITED',
            `All ${retranslations.limit} re-translations of this book are used`,
            {
              reason: 'passage-retranslation-limit',
            },
          ),
        };
      const { p } = find(blockId);
      const text = options.retranslated?.(p) ?? `${p.target_text ?? ''} (again)`;
      // The same text again is said and not counted.
      if (text === p.target_text || text === engine.get(blockId)?.target_text)
        return { json: { ...wirePassageAnswer(p, { ...retranslations }), unchanged: true } };
      retranslations.used += 1;
      if (p.edited || !p.retranslated) beneath.set(blockId, p);
      return replace(blockId, withText(p, text, false));
    };
  }
  return { routes, bodies, retranslations };
}
