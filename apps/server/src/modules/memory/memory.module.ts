import { defineServerModule } from '../module';
import { memoryModule } from './memory.routes';

/** The per-user translation memory across books (its lookups run inside the translation pipeline). */
export const memoryServerModule = defineServerModule({ name: 'memory', routes: [memoryModule] });
