import { defineConfig } from 'drizzle-kit';

// Generation only: migrations are SQL files committed under src/db/migrations and applied at start-up
// (or by the `migrate` role) to PGlite and PostgreSQL alike. No database connection is needed here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
