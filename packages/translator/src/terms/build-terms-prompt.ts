import { languageName, type Prompt } from '../build-prompt';

export interface TermToRender {
  term: string;
  context: string;
}

/**
 * The terms request: a user message ending with `TERMS:` and a JSON array of `{term, context}`; the model
 * replies with one JSON object from each term to `{"target", "kind"}`.
 */
export function buildTermsPrompt(terms: TermToRender[], from: string, to: string, about: string): Prompt {
  const target = languageName(to);
  const system = [
    `You prepare the glossary of a book translated from ${languageName(from)} into ${target}.`,
    about ? `About the book: ${about.slice(0, 300)}` : '',
    'The terms follow the line TERMS: as a JSON array of {"term", "context"} (a sentence where it occurs).',
    `Reply with only one JSON object whose keys are the terms exactly as given and whose values are {"target": its ${target} rendering, "kind": "character" | "place" | "term"}.`,
    'Keep names as readers of the translation expect them (transliterate only when the script differs).',
  ]
    .filter(Boolean)
    .join('\n');
  return { system, user: `TERMS:\n${JSON.stringify(terms)}` };
}
