import type { Delivery } from '@booktranslate/contract';
import type { DeliveryRow } from '../../db/schema/deliveries';

/** A send as the API shows it. */
export function deliveryView(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    translation_id: row.translationId,
    address: row.address,
    format: 'epub',
    status: row.status as Delivery['status'],
    error: row.error,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
