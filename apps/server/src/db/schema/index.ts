// Every table the server owns, one file per aggregate. Add a line here for a new schema file, then run
// `flock /tmp/migrations.lock npm run db:generate -w apps/server` and commit the new migration.

export * from './account-deletions';
export * from './account-security';
export * from './app-passwords';
export * from './billing';
export * from './books';
export * from './credits';
export * from './deliveries';
export * from './economy-batches';
export * from './job-starts';
export * from './passage-edits';
export * from './rate-limits';
export * from './series';
export * from './sessions';
export * from './support';
export * from './translation-blocks';
export * from './translation-memory';
export * from './translation-reports';
export * from './translations';
export * from './upload-grants';
export * from './users';
