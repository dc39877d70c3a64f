/**
 * The ids GitHub gives headings (`## Hello, World!` → `hello-world`, repeats `-1`, `-2`), so links
 * written for GitHub (`[see](#hello-world)`) find their heading.
 * @example const slugs = new HeadingSlugs(); slugs.next('Hello, World!') // 'hello-world'
 */
export class HeadingSlugs {
  private seen = new Map<string, number>();

  next(text: string): string {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let slug = base;
    let count = this.seen.get(base) ?? 0;
    while (this.seen.has(slug)) slug = `${base}-${++count}`;
    this.seen.set(base, count);
    this.seen.set(slug, this.seen.get(slug) ?? 0);
    return slug;
  }
}

/** An id as the book keeps it: characters an XML id cannot hold become '-'. */
export function cleanAnchor(id: string): string {
  return id.replace(/[^\p{L}\p{N}_.-]+/gu, '-');
}
