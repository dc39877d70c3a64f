/** MathML token elements: each is one "word" of the formula in reading order. */
export const MATH_TOKENS = new Set(['mi', 'mn', 'mo', 'mtext', 'ms']);
