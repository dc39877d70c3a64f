const PLACEHOLDER = /(<\/?g\d+>|<x\d+\/>)/;

/**
 * Escapes literal '&', '<' and '>' of the prose so XML/HTML-aware engines see only our
 * placeholders as tags; unescapeProse undoes it and normalises <xN></xN> back to <xN/>.
 * @example escapeProse('a < b <g1>c</g1>') // 'a &lt; b <g1>c</g1>'
 */
export function escapeProse(text: string): string {
  return text
    .split(PLACEHOLDER)
    .map((part, i) =>
      i % 2 === 1 ? part : part.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    )
    .join('');
}

export function unescapeProse(text: string): string {
  return text
    .replace(/<x(\d+)>\s*<\/x\1>/g, '<x$1/>')
    .replace(/<x(\d+)\s+\/>/g, '<x$1/>')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
