const RTL = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'sd', 'ug', 'dv', 'ckb', 'syr']);

/**
 * True for right-to-left languages (by the primary subtag of a BCP 47 code).
 * @example isRtl('ar-EG') // true
 */
export function isRtl(language: string | null | undefined): boolean {
  return !!language && RTL.has(language.toLowerCase().split(/[-_]/)[0] ?? '');
}
