import { languageName, type Prompt } from './build-prompt';

/**
 * The analysis request of decision 001: a user message ending with `SAMPLE:` and the sample text;
 * the model replies with the brief as one JSON object: all of it, the brief without its summary,
 * or the summary alone (decision 315).
 */
export function buildAnalysisPrompt(
  sample: string,
  from: string,
  to: string,
  part: 'all' | 'brief' | 'summary' = 'all',
): Prompt {
  const intro = `You prepare the translation of a book from ${languageName(from)} into ${languageName(to)}.`;
  const read = 'Read the sample after the line SAMPLE: and reply with only one JSON object:';
  if (part === 'summary')
    return {
      system: [intro, read, '{"summary": string (two sentences about the book)}'].join('\n'),
      user: `SAMPLE:\n${summarySample(sample)}`,
    };
  const summary = part === 'all' ? ' "summary": string (two sentences),' : '';
  const system = [
    intro,
    read,
    `{"genre": string, "register": string, "narrator": string,${summary}`,
    ` "glossary": [{"source": term as written in the book, "target": its ${languageName(to)} rendering,`,
    '  "kind": "character" | "place" | "term", "gender": "male" | "female" | "neuter" (characters), "note": string}]}',
    'List the recurring characters, places and special terms, at most 40 entries.',
  ].join('\n');
  return { system, user: `SAMPLE:\n${sample}` };
}

/** Characters of the sample a summary request reads: its first passages are enough for two sentences. */
const SUMMARY_SAMPLE_CHARS = 3000;

/** The sample's start, cut at a space, for the summary request (half its prompt tokens). */
function summarySample(sample: string): string {
  if (sample.length <= SUMMARY_SAMPLE_CHARS) return sample;
  const cut = sample.lastIndexOf(' ', SUMMARY_SAMPLE_CHARS);
  return sample.slice(0, cut > 0 ? cut : SUMMARY_SAMPLE_CHARS);
}
