import type { Delivery } from '@booktranslate/contract';
import type { Database } from '../../db/database';
import { ownTranslation } from '../translations';
import { deliveriesRepository as deliveries } from './deliveries.repository';
import { deliveryView } from './delivery-view';

/** GET /translations/{id}/deliveries/: the owner's sends of this translation, newest first. */
export async function listDeliveries(db: Database, userId: string, id: string): Promise<Delivery[]> {
  const t = await ownTranslation(db, userId, id);
  return (await deliveries.listForTranslation(db, t.id)).map(deliveryView);
}
