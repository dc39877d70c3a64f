/**
 * The label an economy batch is sent with (OpenAI's metadata, Gemini's displayName): its row's id,
 * unique for ever, so a batch whose id was never written can be found by it (decision 291).
 * @example economyBatchLabel('0b6f…') // 'booktranslate-0b6f…'
 */
export function economyBatchLabel(rowId: string): string {
  return `booktranslate-${rowId.replaceAll('-', '')}`;
}
