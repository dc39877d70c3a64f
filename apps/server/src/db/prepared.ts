import type { Executor } from './database';

/**
 * A query built once per database handle (or transaction) and reused: Drizzle builds its SQL on the
 * first call only, and PostgreSQL plans a named statement once per connection. For the queries the
 * web app polls, where building the SQL was a tenth of the API's CPU (decision 161).
 * @example const byId = preparedPerDatabase((db) => db.select().from(books).where(eq(books.id, sql.placeholder('id'))).prepare('book_by_id'));
 * await byId(db).execute({ id });
 */
export function preparedPerDatabase<P>(build: (db: Executor) => P): (db: Executor) => P {
  const built = new WeakMap<Executor, P>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}
