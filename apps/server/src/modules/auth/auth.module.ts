import { defineServerModule } from '../module';
import { authModule } from './auth.routes';

export const authServerModule = defineServerModule({ name: 'auth', routes: [authModule] });
