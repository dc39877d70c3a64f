import { defineServerModule } from '../module';
import { opdsModule } from './opds.routes';

/** The reading apps' catalogue, at the site's root (/opds), outside /api/v1. */
export const opdsServerModule = defineServerModule({ name: 'opds', rootRoutes: [opdsModule] });
