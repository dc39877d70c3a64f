import { defineServerModule } from '../module';
import { billingModule } from './billing.routes';

export const billingServerModule = defineServerModule({ name: 'billing', routes: [billingModule] });
