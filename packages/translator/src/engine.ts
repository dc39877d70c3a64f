import type { BookBrief, GlossaryEntry } from './brief';
import type { Usage } from './usage';

/** A passage just before the chunk, for continuity; `target` only when already translated. */
export interface PreviousPassage {
  source: string;
  target?: string;
}

/** One call to an engine: a batch of blocks in placeholder text, keyed by short keys "1", "2", ... */
export interface TranslateBatch {
  blocks: Record<string, string>;
  /** BCP 47 / ISO 639-1 codes, e.g. "en", "es", "pt-BR". */
  from: string;
  to: string;
  brief?: BookBrief;
  /** Only the glossary entries that occur in these blocks. */
  glossary?: GlossaryEntry[];
  previous?: PreviousPassage;
  /** A passage just after the blocks, for context (a single passage translated again). */
  following?: PreviousPassage;
  /** The reader's wish for these blocks ("more formal"), one line. */
  instruction?: string;
  /** Set when the previous attempt failed a reply check, so the model can correct itself. */
  correction?: string;
  /** Use this model instead of the engine's default (fallback after refusals). */
  model?: string;
  signal?: AbortSignal;
  /** Every request adds its usage here, also when it fails. */
  usage: Usage;
  /**
   * Told the words an engine marked as unknown in a block's reply and left as they were (Apertium's
   * `*word`), so the QA report can name them (decision 235).
   */
  onUnknownWords?: (key: string, words: string[]) => void;
}

export interface AnalyzeRequest {
  sample: string;
  from: string;
  to: string;
  /**
   * What to ask: the brief with its summary (default), the brief without it, or the summary alone
   * (shown to the user, never sent with a passage: asked beside the brief, not in its reply).
   */
  part?: 'all' | 'brief' | 'summary';
  signal?: AbortSignal;
  usage: Usage;
}

export interface TermsRequest {
  terms: Array<{ term: string; context: string }>;
  from: string;
  to: string;
  /** What the book is about, for the renderings. */
  about: string;
  signal?: AbortSignal;
  usage: Usage;
}

export interface Engine {
  /** 'openai', 'anthropic', 'gemini', 'deepl', 'apertium', 'demo'. */
  readonly name: string;
  readonly model: string;
  /** Source tokens per chunk this engine handles well (output must fit the model too). */
  readonly chunkTokens: number;
  /**
   * The largest chunk it takes when that saves a wave of requests (`PlanOptions.stretchTokens`); at
   * most `chunkTokens` when absent.
   */
  readonly maxChunkTokens?: number;
  /** LLMs can follow a brief and a glossary; machine translation engines cannot. */
  readonly understandsBrief: boolean;
  /**
   * Whether the glossary shapes the translation: LLMs read it in the prompt, DeepL gets a glossary of
   * its own; Apertium and the demo engine translate without it (`engineFollowsGlossary`).
   */
  readonly followsGlossary: boolean;
  /** Returns the same keys with translated placeholder text. Throws TranslatorError. */
  translate(batch: TranslateBatch): Promise<Record<string, string>>;
  /** Asks the model for a brief; engines without a model return undefined. */
  analyze?(request: AnalyzeRequest): Promise<BookBrief>;
  /**
   * Whether the engine translates `from` into `to`; engines that serve only some pairs (Apertium's
   * installed ones) say so, so detection never picks a language they cannot translate from.
   */
  serves?(from: string, to: string): Promise<boolean>;
  /** Renders whole-book term candidates into the target language; engines without a model lack it. */
  renderTerms?(request: TermsRequest): Promise<GlossaryEntry[]>;
}
