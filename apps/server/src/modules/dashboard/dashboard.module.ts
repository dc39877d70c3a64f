import { defineServerModule } from '../module';
import { dashboardModule } from './dashboard.routes';

export const dashboardServerModule = defineServerModule({ name: 'dashboard', routes: [dashboardModule] });
