import type { AppPassword } from '@booktranslate/contract';
import type { AppPasswordRow } from '../../db/schema/app-passwords';

/** An app password as the API lists it: never its hash. */
export function toAppPasswordDto(row: AppPasswordRow): AppPassword {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
