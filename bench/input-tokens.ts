import { type FakeLlm, messageText } from '@booktranslate/testkit';
import { countTokens } from '@booktranslate/translator';

/** Where a translate prompt's tokens went. */
interface TranslateParts {
  /** The system message's instructions (languages, reply format, rules). */
  instructions: number;
  /** The brief in the system message (genre, register, narrator, summary). */
  brief: number;
  glossary: number;
  /** The previous (and following) passage and its translation. */
  context: number;
  /** The blocks' own text, as counted alone. */
  source: number;
  /** The BLOCKS: line and the JSON around the blocks (keys, quotes, escapes). */
  blocks_json: number;
  /** Corrections, the reader's wish, message framing and token boundaries. */
  other: number;
}

const KINDS = ['translate', 'analysis', 'terms', 'other'] as const;
type Kind = (typeof KINDS)[number];

/**
 * Counts the input tokens the fake model billed, by kind of request (translate, analysis, terms) and,
 * for translate requests, by part of the prompt (counted with the translator's countTokens). Parts
 * are counted alone, so `other` also holds the few tokens their joins gain or lose.
 * @example const tokens = recordInputTokens(llm); ...; console.log(tokens.figures())
 */
export function recordInputTokens(llm: FakeLlm) {
  // Counted when the figures are asked for: tokenizing every prompt during the run would take the
  // CPU the benchmark's requests need.
  const seen: { system: string; user: string; promptTokens: number }[] = [];
  const stop = llm.onChat((messages, promptTokens) => {
    const system = messageText(messages.find((m) => m.role === 'system') ?? { role: 'system' });
    const user = messageText([...messages].reverse().find((m) => m.role === 'user') ?? { role: 'user' });
    seen.push({ system, user, promptTokens });
  });
  return {
    stop,
    /** Totals so far; per source token when `sourceTokens` is given. */
    figures(sourceTokens?: number) {
      const requests = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
      const tokens = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
      const parts: TranslateParts = {
        instructions: 0,
        brief: 0,
        glossary: 0,
        context: 0,
        source: 0,
        blocks_json: 0,
        other: 0,
      };
      for (const { system, user, promptTokens } of seen) {
        const kind = kindOf(user);
        requests[kind]++;
        tokens[kind] += promptTokens;
        if (kind !== 'translate') continue;
        const counted = translateParts(system, user);
        counted.other = promptTokens - Object.values(counted).reduce((n, v) => n + v, 0);
        for (const key of Object.keys(parts) as (keyof TranslateParts)[]) parts[key] += counted[key];
      }
      const per = (n: number) => (sourceTokens ? Math.round((n / sourceTokens) * 1000) / 1000 : undefined);
      return {
        by_kind: Object.fromEntries(
          KINDS.filter((k) => requests[k] > 0).map((k) => [
            k,
            { requests: requests[k], input_tokens: tokens[k], per_source_token: per(tokens[k]) },
          ]),
        ),
        translate_prompt: Object.fromEntries(
          Object.entries(parts).map(([k, v]) => [k, { input_tokens: v, per_source_token: per(v) }]),
        ),
      };
    },
  };
}

function kindOf(user: string): Kind {
  if (user.startsWith('SAMPLE:')) return 'analysis';
  if (user.startsWith('TERMS:')) return 'terms';
  if (user.startsWith('BLOCKS:') || user.includes('\nBLOCKS:')) return 'translate';
  return 'other';
}

function translateParts(system: string, user: string): TranslateParts {
  const systemLines = system.split('\n');
  const isBrief = (line: string) => line.startsWith('Book: ') || line.startsWith('About: ');
  const counted: TranslateParts = {
    instructions: countTokens(systemLines.filter((l) => !isBrief(l)).join('\n')),
    brief: countTokens(systemLines.filter(isBrief).join('\n')),
    glossary: 0,
    context: 0,
    source: 0,
    blocks_json: 0,
    other: 0,
  };
  const at = user.startsWith('BLOCKS:') ? 0 : user.lastIndexOf('\nBLOCKS:') + 1;
  const json = user.slice(at);
  const blocks = JSON.parse(json.slice('BLOCKS:'.length)) as Record<string, string>;
  counted.source = Object.values(blocks).reduce((n, text) => n + countTokens(text), 0);
  counted.blocks_json = countTokens(json) - counted.source;
  type Section = 'glossary' | 'context' | 'other';
  let section: Section = 'other';
  const head: Record<Section, string[]> = { glossary: [], context: [], other: [] };
  for (const line of at > 0 ? user.slice(0, at - 1).split('\n') : []) {
    if (line === 'Glossary:') section = 'glossary';
    else if (/^(Context before|Context after|Its translation):/.test(line)) section = 'context';
    else if (/^(Your previous reply was rejected|The reader asks)/.test(line)) section = 'other';
    head[section].push(line);
  }
  counted.glossary = head.glossary.length ? countTokens(head.glossary.join('\n')) : 0;
  counted.context = head.context.length ? countTokens(head.context.join('\n')) : 0;
  return counted;
}
