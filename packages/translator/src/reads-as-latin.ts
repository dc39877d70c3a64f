// Words frequent in Latin prose and in lorem ipsum, and rare in the Romance languages the detector
// confuses them with (Catalan, Sardinian, French, Italian).
const LATIN = new Set(
  (
    'lorem ipsum dolor amet consectetur adipiscing elit sed eiusmod tempor incididunt ut labore aliqua ' +
    'enim minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex commodo consequat ' +
    'duis aute irure reprehenderit voluptate velit cillum fugiat pariatur excepteur sint occaecat ' +
    'cupidatat proident officia deserunt mollit anim laborum pellentesque habitant ' +
    'morbi tristique senectus netus malesuada fames turpis egestas vestibulum tortor quam feugiat vitae ' +
    'ultricies eget donec aenean mauris placerat eleifend quisque sapien pharetra nunc etiam ' +
    'autem erat quod quae eius eum atque igitur ergo dixit dominus filii ad ac ab ' +
    'omnes eorum suum sicut enim tamen nec neque'
  ).split(' '),
);
/** Share of a sample's words in the list above from which it counts as Latin. */
const LATIN_SHARE = 0.2;

/**
 * True when a text sample is Latin (lorem ipsum placeholder text included): a language the
 * detector was not trained on, which it reads confidently as some Romance language.
 * @example readsAsLatin('Lorem ipsum dolor sit amet, consectetur adipiscing elit') // true
 */
export function readsAsLatin(sample: string): boolean {
  const words = sample.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return false;
  const latin = words.filter((word) => LATIN.has(word)).length;
  return latin / words.length >= LATIN_SHARE;
}
