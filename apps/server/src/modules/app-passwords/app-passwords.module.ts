import { defineServerModule } from '../module';
import { appPasswordsModule } from './app-passwords.routes';

export const appPasswordsServerModule = defineServerModule({
  name: 'app-passwords',
  routes: [appPasswordsModule],
});
