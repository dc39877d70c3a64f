import { defineServerModule } from '../module';
import { healthModule } from './health.routes';

export const healthServerModule = defineServerModule({ name: 'health', routes: [healthModule] });
