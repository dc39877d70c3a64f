import { defineServerModule } from '../module';
import { publicConfigModule } from './public-config.routes';

export const publicConfigServerModule = defineServerModule({
  name: 'public-config',
  routes: [publicConfigModule],
});
