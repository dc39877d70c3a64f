/**
 * Hands out FB2 ids (xs:ID: an XML name, unique in the document) for anchors, notes and binaries,
 * remembering what each source anchor became so links can follow.
 */
export class Fb2Ids {
  private readonly used = new Set<string>();
  private readonly byAnchor = new Map<string, string>();
  private readonly emitted = new Set<string>();

  /** A unique valid id for a source anchor; the same anchor always gets the same id. */
  forAnchor(anchor: string): string {
    const known = this.byAnchor.get(anchor);
    if (known) return known;
    const id = this.fresh(anchor);
    this.byAnchor.set(anchor, id);
    return id;
  }

  /** Makes another key (e.g. "chapterId#anchor") lead to an id already given; the first wins. */
  alias(key: string, id: string): void {
    if (!this.byAnchor.has(key)) this.byAnchor.set(key, id);
  }

  /** The id an anchor was given, if it was. */
  lookup(anchor: string): string | undefined {
    return this.byAnchor.get(anchor);
  }

  /** True the first time an id is written into the document, false after: ids appear once. */
  claim(id: string): boolean {
    if (this.emitted.has(id)) return false;
    this.emitted.add(id);
    return true;
  }

  /** A new unique id made from any string. */
  fresh(base: string): string {
    let name = base.replace(/[^\p{L}\p{N}._-]+/gu, '_');
    if (!/^[\p{L}_]/u.test(name)) name = `id_${name}`;
    let id = name;
    for (let i = 2; this.used.has(id); i++) id = `${name}_${i}`;
    this.used.add(id);
    return id;
  }
}
