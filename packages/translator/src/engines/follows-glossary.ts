/** Engines that translate without the glossary: Apertium's rules and the demo's marker. */
const IGNORE_GLOSSARY = new Set(['apertium', 'demo']);

/**
 * Whether an engine, by name or by a translation's stored label ("openai:gpt-4o-mini", "apertium"),
 * uses the glossary, so a screen showing the glossary can say when it does not.
 * @example engineFollowsGlossary('apertium') // false
 */
export function engineFollowsGlossary(engine: string): boolean {
  return !IGNORE_GLOSSARY.has(engine.split(':')[0] ?? engine);
}
