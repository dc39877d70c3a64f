import type { Passage, PassageResponse, PassagesResponse } from '@booktranslate/contract';
import { editProblem, type MarkerInfo, parsePlaceholders } from '../../lib/placeholders';
import { DEMO_BOOK, type DemoPassage } from './mockBook';
import { fail } from './mockFail';
import { type MockPassageChanges, type MockState, type MockTranslation, translationView } from './mockState';
import { searchAnswer } from './searchAnswer';
import { wirePassage, wirePassageAnswer, wirePassagesAnswer } from './wire';

type Json = Record<string, unknown>;
type Route = (s: MockState, m: RegExpMatchArray, body: Json) => unknown;

/** Re-translations of single passages one mock translation may ask for. */
export const MOCK_RETRANSLATIONS = 5;
const RTL = new Set(['ar', 'he', 'fa', 'ur', 'yi']);

function completed(s: MockState, id: string | undefined) {
  const t = s.translations.find((x) => x.id === id);
  if (!t) throw fail(404, 'NOT_FOUND', 'Not found');
  if (translationView(t).status !== 'completed')
    throw fail(409, 'CONFLICT', 'The translation can be read once it is completed');
  const changes: MockPassageChanges = s.passages?.[t.id] ?? { used: 0, edits: {}, engine: {} };
  s.passages = { ...s.passages, [t.id]: changes };
  return { t, changes };
}

const markersOfDemo = (d: DemoPassage) =>
  new Map<number, MarkerInfo>(
    Object.entries(d.marks ?? {}).map(([n, [kind, href, label]]) => [
      Number(n),
      { kind, href, label, tag: d.source.includes(`<x${n}/>`) },
    ]),
  );

function locate(blockId: string | undefined) {
  const [, c, p] = /^c(\d+)-p(\d+)$/.exec(blockId ?? '') ?? [];
  const demo = DEMO_BOOK[Number(c)]?.passages[Number(p)];
  if (!demo) throw fail(404, 'NOT_FOUND', 'Not found');
  return demo;
}

/**
 * A demo passage as the server shows it: Spanish from the demo book, other targets echo the source.
 * A translation that found the demo book in memory took its first chapter from there.
 */
function passageOf(
  blockId: string,
  demo: DemoPassage,
  t: MockTranslation,
  changes: MockPassageChanges,
): Passage {
  const lang = t.target_language;
  const markers = markersOfDemo(demo);
  const edit = changes.edits[blockId];
  const text = edit ?? changes.engine[blockId] ?? (lang === 'es' ? demo.target : demo.source);
  // The QA report judged the engine's first version; an edit or a new version is not flagged.
  const fresh = edit === undefined && changes.engine[blockId] === undefined;
  return wirePassage({
    block_id: blockId,
    kind: demo.kind,
    source: parsePlaceholders(demo.source, markers),
    target: text === null ? null : parsePlaceholders(text, markers),
    target_text: text,
    flags: fresh ? (demo.flags ?? []) : [],
    edited: edit !== undefined,
    retranslated: edit === undefined && changes.engine[blockId] !== undefined,
    from_memory: fresh && Boolean(t.fromMemory) && blockId.startsWith('c0-'),
  });
}

/** Every page of the demo book with the translation's passages as they are now. */
function pagesOf(s: MockState, id: string | undefined) {
  const { t, changes } = completed(s, id);
  const all = DEMO_BOOK.map((c, ci) => c.passages.map((d, pi) => passageOf(`c${ci}-p${pi}`, d, t, changes)));
  return { t, changes, all };
}

function chapterAnswer(s: MockState, id: string | undefined, query: Json): PassagesResponse {
  const { t, changes, all } = pagesOf(s, id);
  const index = Math.max(0, Math.trunc(Number(query.chapter ?? 0)) || 0);
  // As the server answers: a chapter past the last one is not found.
  if (index >= DEMO_BOOK.length)
    throw fail(404, 'NOT_FOUND', `This book has ${DEMO_BOOK.length} chapters (from 0); no chapter ${index}`);
  const lang = t.target_language;
  return wirePassagesAnswer({
    translation_id: t.id,
    source_language: t.source_language,
    target_language: lang,
    target_direction: RTL.has(lang.split('-')[0] ?? lang) ? 'rtl' : 'ltr',
    chapter: index,
    chapters: DEMO_BOOK.map((c, ci) => ({
      index: ci,
      title: c.title,
      depth: 0,
      part: 1,
      parts: 1,
      flagged: all[ci]?.filter((p) => p.flags.length > 0).length ?? 0,
      passages: c.passages.length,
    })),
    passages: all[index] ?? [],
    retranslations: { used: changes.used, limit: MOCK_RETRANSLATIONS, follows_instructions: true },
  });
}

function change(
  s: MockState,
  m: RegExpMatchArray,
  apply: (c: MockPassageChanges, d: DemoPassage, lang: string, blockId: string) => void,
) {
  const { t, changes } = completed(s, m[1]);
  const blockId = decodeURIComponent(m[2] ?? '');
  const demo = locate(blockId);
  apply(changes, demo, t.target_language, blockId);
  const retranslations = { used: changes.used, limit: MOCK_RETRANSLATIONS, follows_instructions: true };
  return wirePassageAnswer(passageOf(blockId, demo, t, changes), retranslations);
}

const PASSAGE = /^\/translations\/([^/]+)\/passages\/([^/]+)\/$/;

export const passageRoutes: [string, RegExp, Route][] = [
  ['GET', /^\/translations\/([^/]+)\/passages\/$/, (s, m, query) => chapterAnswer(s, m[1], query)],
  [
    'GET',
    /^\/translations\/([^/]+)\/passages\/search\/$/,
    (s, m, query) => {
      const { all } = pagesOf(s, m[1]);
      const pages = DEMO_BOOK.map((c, index) => ({ index, title: c.title, passages: all[index] ?? [] }));
      return searchAnswer(pages, { q: String(query.q ?? ''), show: String(query.show ?? '') });
    },
  ],
  [
    'PUT',
    PASSAGE,
    (s, m, b): PassageResponse =>
      change(s, m, (c, demo, _lang, blockId) => {
        const text = String(b.target ?? '');
        const problem = editProblem(text, markersOfDemo(demo));
        if (problem) throw fail(400, 'VALIDATION_ERROR', problem.message, problem.details);
        c.edits[blockId] = text;
      }),
  ],
  [
    'DELETE',
    PASSAGE,
    // Undo takes back the edit, else the re-translation (mock mode keeps one step).
    (s, m) =>
      change(s, m, (c, _demo, _lang, blockId) => {
        if (c.edits[blockId] !== undefined) delete c.edits[blockId];
        else delete c.engine[blockId];
      }),
  ],
  [
    'POST',
    /^\/translations\/([^/]+)\/passages\/([^/]+)\/retranslate\/$/,
    (s, m, b) => {
      const wish = typeof b.instruction === 'string' && b.instruction.trim();
      const answer = change(s, m, (c, demo, lang) => {
        if (c.used >= MOCK_RETRANSLATIONS)
          throw fail(
            429,
            'RATE_LIMITED',
            `This translation has used all ${MOCK_RETRANSLATIONS} re-translations of single passages.`,
            { reason: 'passage-retranslation-limit', used: c.used, limit: MOCK_RETRANSLATIONS },
          );
        // The demo engine has nothing new to say without a wish: the same text, not counted.
        if (!wish) return;
        c.used += 1;
        const blockId = String(m[2]);
        delete c.edits[blockId];
        const base = (lang === 'es' && demo.target) || demo.source;
        c.engine[blockId] = `${base} (demo engine, asked for “${wish}”)`;
      });
      return wish ? answer : { ...answer, unchanged: true };
    },
  ],
];
