import { languageName, type Prompt } from './build-prompt';

/**
 * The analysis request of decision 001: a user message ending with `SAMPLE:` and the sample text;
 * the model replies with the brief as one JSON object.
 */
export function buildAnalysisPrompt(sample: string, from: string, to: string): Prompt {
  const system = [
    `You prepare the translation of a book from ${languageName(from)} into ${languageName(to)}.`,
    'Read the sample after the line SAMPLE: and reply with only one JSON object:',
    '{"genre": string, "register": string, "narrator": string, "summary": string (two sentences),',
    ` "glossary": [{"source": term as written in the book, "target": its ${languageName(to)} rendering,`,
    '  "kind": "character" | "place" | "term", "gender": "male" | "female" | "neuter" (characters), "note": string}]}',
    'List the recurring characters, places and special terms, at most 40 entries.',
  ].join('\n');
  return { system, user: `SAMPLE:\n${sample}` };
}
