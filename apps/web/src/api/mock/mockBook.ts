import type { InlineKind, PassageFlag, PassageKind } from '@booktranslate/contract';

/** One passage of mock mode's demo book: placeholder text on both sides and what each number is. */
export interface DemoPassage {
  kind: PassageKind;
  source: string;
  /** The Spanish the engine wrote; null where it translated nothing. */
  target: string | null;
  marks?: Record<number, [kind: InlineKind, href: string | null, label: string | null]>;
  flags?: PassageFlag[];
}

interface DemoChapter {
  title: string;
  passages: DemoPassage[];
}

// Small on purpose: every kind of mark, a flag of most reasons, a chapter without flags between two
// with, and one passage the engine left untranslated.
export const DEMO_BOOK: DemoChapter[] = [
  {
    title: 'The Keeper',
    passages: [
      { kind: 'heading', source: 'Chapter One: The Keeper', target: 'Capítulo uno: El farero' },
      {
        kind: 'paragraph',
        source: 'Old <g1>Tomas</g1> had kept the light at Gull Point for forty years.',
        target: 'El viejo <g1>Tomás</g1> había cuidado la luz de Punta Gaviota durante cuarenta años.',
        marks: { 1: ['emphasis', null, null] },
        flags: [
          {
            reason: 'glossary',
            message: '“Gull Point” should be “Punta de las Gaviotas”, found “Punta Gaviota”',
          },
        ],
      },
      {
        kind: 'paragraph',
        source: 'Every night he climbed the <g1>one hundred and twelve</g1> steps.<g2>1</g2>',
        target: 'Cada noche subía los <g1>ciento doce</g1> escalones.<g2>1</g2>',
        marks: { 1: ['strong', null, null], 2: ['noteref', null, null] },
      },
      {
        kind: 'poem-line',
        source: 'Light for the lost,<x1/>light for the late.',
        target: 'Luz para los perdidos,<x1/>luz para los rezagados.',
        marks: { 1: ['linebreak', null, null] },
      },
      {
        kind: 'paragraph',
        source:
          'The log is kept at the <g1>harbour office</g1>; write to <g2>keeper@example.org</g2> or read <g3>the appendix</g3>.',
        target:
          'El registro se guarda en la <g1>oficina del puerto</g1>; escriba a <g2>keeper@example.org</g2> o lea <g3>el apéndice</g3>.',
        marks: {
          1: ['link', 'https://example.org/harbour', null],
          2: ['link', 'mailto:keeper@example.org', null],
          3: ['link', null, null],
        },
      },
      {
        kind: 'caption',
        source: '<x1/> The tower in 1890.',
        target: '<x1/> La torre en 1890.',
        marks: { 1: ['image', null, 'Drawing of the lighthouse'] },
      },
      {
        kind: 'blockquote',
        source: '“Keep the lamp trimmed,” his father had said.',
        target:
          '«Mantén la mecha siempre bien recortada y limpia, hijo, pase lo que pase en el mar», le había dicho su padre.',
        flags: [
          { reason: 'length', message: 'The translation is 2.3× as long as the original (usual 1.1×)' },
        ],
      },
      {
        kind: 'paragraph',
        source: 'He never once let it go dark.',
        target: 'Here is the translation: Nunca dejó que se apagara.',
        flags: [{ reason: 'chatter', message: 'Leftover commentary: “Here is the translation:”' }],
      },
    ],
  },
  {
    title: 'The Storm',
    passages: [
      { kind: 'heading', source: 'Chapter Two: The Storm', target: 'Capítulo dos: La tormenta' },
      {
        kind: 'paragraph',
        source: 'The barometer fell to 28.5 inches by the <g1>4<g2>th</g2></g1> bell.',
        target: 'El barómetro cayó a 28,5 pulgadas hacia la <g1>4<g2>.ª</g2></g1> campanada.',
        marks: { 1: ['strong', null, null], 2: ['superscript', null, null] },
      },
      {
        kind: 'paragraph',
        source: 'Salt water, H<g1>2</g1>O and sand, came through the <g2>old</g2> new glass.',
        target: 'Agua salada, H<g1>2</g1>O y arena, entraron por el cristal <g2>viejo</g2> nuevo.',
        marks: { 1: ['subscript', null, null], 2: ['strikethrough', null, null] },
      },
      {
        kind: 'preformatted',
        source: 'Log: <g1>02:40 lamp relit</g1>',
        target: 'Registro: <g1>02:40 lámpara encendida de nuevo</g1>',
        marks: { 1: ['code', null, null] },
      },
      {
        kind: 'paragraph',
        source: 'By dawn the wind had turned, and the boats came home one by one.',
        target: 'Al amanecer el viento había cambiado, y las barcas volvieron una a una.',
      },
    ],
  },
  {
    title: 'Morning',
    passages: [
      { kind: 'heading', source: 'Chapter Three: Morning', target: 'Capítulo tres: La mañana' },
      {
        kind: 'paragraph',
        source: 'The harbour master came up the hill with bread and news.',
        target: null,
        flags: [{ reason: 'untranslated', message: 'The engine left this passage untranslated' }],
      },
      {
        kind: 'paragraph',
        source: '“You kept her burning,” he said.',
        target: '“You kept her burning,” dijo.',
        flags: [{ reason: 'source_language', message: 'Part of the passage is still in English' }],
      },
      {
        kind: 'note',
        source: '1. The steps were counted again in 1902: there are one hundred and thirteen.',
        target: '1. Los escalones se volvieron a contar en 1902: son ciento trece.',
      },
    ],
  },
];
