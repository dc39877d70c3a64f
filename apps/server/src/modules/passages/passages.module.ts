import { defineServerModule } from '../module';
import { passagesModule } from './passages.routes';

export const passagesServerModule = defineServerModule({ name: 'passages', routes: [passagesModule] });
