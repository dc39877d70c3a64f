/** Mock mode's glossary, as the analysis writes it: a name with its case forms, a name, a place. */
export const MOCK_GLOSSARY = [
  {
    source: 'Атос',
    target: 'Athos',
    kind: 'character' as const,
    count: 41,
    forms: ['Атоса', 'Атосом', 'Атосу'],
  },
  { source: 'Vasquez-Orlova', target: 'Vásquez-Orlova', kind: 'character' as const, count: 12 },
  { source: 'New York', target: 'Nueva York', kind: 'place' as const, count: 7 },
];
