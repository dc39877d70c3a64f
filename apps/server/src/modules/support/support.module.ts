import { defineServerModule } from '../module';
import { supportModule } from './support.routes';

export const supportServerModule = defineServerModule({ name: 'support', routes: [supportModule] });
