import type { InlineKindName } from '../inline-kinds';

/**
 * One block and edits of its translation, with what the server answers to each (null: saved). The
 * server's passages tests and the web's fakes both run this table, so a fake cannot accept an edit
 * the server refuses.
 */
export const placeholderEdits: {
  source: string;
  kinds: Record<number, InlineKindName>;
  edits: { name: string; target: string; message: string | null }[];
} = {
  source: '<g1>The old <g2>keeper</g2></g1> kept the light.<x3/>',
  kinds: { 1: 'emphasis', 2: 'strong', 3: 'image' },
  edits: [
    {
      name: 'valid, reordered',
      target: '<x3/>El <g1><g2>guardián</g2> viejo</g1> cuidaba la luz.',
      message: null,
    },
    {
      name: 'missing tag',
      target: '<g1>El viejo guardián</g1> cuidaba la luz.<x3/>',
      message: 'Keep the markers of the original: <g2>…</g2> (bold)',
    },
    {
      name: 'duplicated',
      target: '<g1>a</g1> <g1>b</g1> <g2>guardián</g2><x3/>',
      message: 'Each marker of the original once, opened and closed in order (g1 appears twice)',
    },
    {
      name: 'unknown tag',
      target: '<g1>El viejo <g2>guardián</g2></g1> cuidaba la <g4>luz</g4>.<x3/>',
      message: 'Remove markers the original does not have: <g4>…</g4>',
    },
    {
      name: 'misnested',
      target: '<g1>El viejo <g2>guardián</g1></g2> cuidaba la luz.<x3/>',
      message: 'Each marker of the original once, opened and closed in order (</g1> closes <g2>)',
    },
    {
      name: 'self-closing changed',
      target: '<g1>El viejo <g2>guardián</g2></g1> cuidaba la luz.<g3></g3>',
      message:
        'Keep the markers of the original: <x3/> (image). Remove markers the original does not have: <g3>…</g3>',
    },
  ],
};
