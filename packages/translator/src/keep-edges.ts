/**
 * A translated text with its source's edge whitespace: parts of a split block are joined by plain
 * concatenation, and a passage keeps the spacing around it, whatever the engine or the reader trimmed.
 * @example keepEdges(' Hello ', 'Hola') // ' Hola '
 */
export function keepEdges(source: string, text: string): string {
  const lead = /^\s*/.exec(source)?.[0] ?? '';
  const trail = /\s*$/.exec(source)?.[0] ?? '';
  return lead + text.trim() + trail;
}
