import { type SaxesOptions, SaxesParser } from 'saxes';

// saxes reads character data one code point at a time through a method call per character. In a
// one-shot command the parser never warms up enough for that loop to be optimised, and scanning
// text was over half of the EPUB read. This subclass replaces only saxes' text-in-root scanner
// (saxes 6.0.0, `handleTextInRoot`) with the same loop plus a skip: after an ordinary character,
// a sticky regex jumps over the run of characters that need no checks (not markup, not ']', not a
// line break, not a control character, not a surrogate or U+FFFE/FFFF). Those characters change
// nothing but the column, so events, errors and their positions are exactly saxes' own; every
// other character still goes through saxes' getCode and the original branches.

/** Characters saxes' text loop treats as plain (valid XML 1.0, no effect on its state but the column). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters end a plain run
const PLAIN_RUN = /[^\x00-\x08\x0a-\x1f<&\]\ud800-\uffff]+/y;

const EOC = -1;
const NL_LIKE = -2;
const LESS = 0x3c;
const AMP = 0x26;
const CLOSE_BRACKET = 0x5d;
const GREATER = 0x3e;
const S_TEXT = 13;
const S_ENTITY = 14;
const S_OPEN_WAKA = 15;
const FORBIDDEN_START = 0;
const FORBIDDEN_BRACKET = 1;
const FORBIDDEN_BRACKET_BRACKET = 2;

/** The saxes internals the text loop touches (declared private in saxes' types). */
interface SaxesInternals {
  i: number;
  prevI: number;
  column: number;
  chunk: string;
  text: string;
  state: number;
  entityReturnState: number;
  forbiddenState: number;
  textHandler: ((text: string) => void) | undefined;
  getCode(): number;
  fail(message: string): void;
}

/**
 * A SaxesParser whose character-data scan skips runs of plain characters with one regex match.
 * @example new FastSaxesParser({ position: true }).on('text', console.log).write('<a>hi</a>').close()
 */
export class FastSaxesParser extends SaxesParser<SaxesOptions> {}

function handleTextInRoot(this: SaxesInternals): void {
  let { i: start, forbiddenState } = this;
  const { chunk, textHandler: handler } = this;
  for (;;) {
    const code = this.getCode();
    if (code === LESS) {
      this.state = S_OPEN_WAKA;
      if (handler !== undefined) {
        const { text } = this;
        const slice = chunk.slice(start, this.prevI);
        if (text.length !== 0) {
          handler(text + slice);
          this.text = '';
        } else if (slice.length !== 0) handler(slice);
      }
      forbiddenState = FORBIDDEN_START;
      break;
    }
    if (code === AMP) {
      this.state = S_ENTITY;
      this.entityReturnState = S_TEXT;
      if (handler !== undefined) this.text += chunk.slice(start, this.prevI);
      forbiddenState = FORBIDDEN_START;
      break;
    }
    if (code === CLOSE_BRACKET) {
      if (forbiddenState === FORBIDDEN_START) forbiddenState = FORBIDDEN_BRACKET;
      else if (forbiddenState === FORBIDDEN_BRACKET) forbiddenState = FORBIDDEN_BRACKET_BRACKET;
      continue;
    }
    if (code === GREATER) {
      if (forbiddenState === FORBIDDEN_BRACKET_BRACKET)
        this.fail('the string "]]>" is disallowed in char data.');
      forbiddenState = FORBIDDEN_START;
      continue;
    }
    if (code === NL_LIKE) {
      if (handler !== undefined) this.text += `${chunk.slice(start, this.prevI)}\n`;
      start = this.i;
      forbiddenState = FORBIDDEN_START;
      continue;
    }
    if (code === EOC) {
      if (handler !== undefined) this.text += chunk.slice(start);
      break;
    }
    forbiddenState = FORBIDDEN_START;
    // The skip: what saxes would do for each of these characters is `column++`, nothing else.
    PLAIN_RUN.lastIndex = this.i;
    if (PLAIN_RUN.test(chunk)) {
      const end = PLAIN_RUN.lastIndex;
      this.column += end - this.i;
      this.prevI = end - 1;
      this.i = end;
    }
  }
  this.forbiddenState = forbiddenState;
}

(FastSaxesParser.prototype as unknown as { handleTextInRoot: typeof handleTextInRoot }).handleTextInRoot =
  handleTextInRoot;
