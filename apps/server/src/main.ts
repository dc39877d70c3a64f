// Entry point: `node dist/main.mjs [serve|api|worker|migrate]` once built (`tsx src/main.ts` in
// development), or `node dist/main.mjs grant-credits …` for the operator's grant; see docs/operations.md.
import closeWithGrace from 'close-with-grace';
import { ConfigError } from './config/config-error';
import { type Config, loadConfig } from './config/env';
import { assertRoleSupported, parseRoleArgument, SERVER_USAGE, wantsHelp } from './runtime/parse-role';

if (process.argv[2] === 'grant-credits') {
  const { GRANT_CREDITS_USAGE, runGrantCredits } = await import('./runtime/grant-credits-command');
  if (wantsHelp(process.argv)) {
    console.log(GRANT_CREDITS_USAGE);
    process.exit(0);
  }
  try {
    process.exit(await runGrantCredits(loadConfig(process.env), process.argv.slice(3), console));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (wantsHelp(process.argv)) {
  console.log(SERVER_USAGE);
  process.exit(0);
}

let config: Config;
try {
  const role = parseRoleArgument(process.argv);
  config = loadConfig(process.env, role ? { role } : {});
  assertRoleSupported(config);
} catch (error) {
  // Every bad variable at once, then stop: nothing starts half-configured.
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}

// Bundled (dist/main.mjs), the book sandbox's worker is dist/sandbox-worker.mjs beside this file; from
// sources it is the TypeScript file the sandbox finds by itself.
if (import.meta.url.endsWith('.mjs')) {
  const { configureSandbox } = await import('@booktranslate/ebook/sandbox');
  configureSandbox({ workerUrl: new URL('./sandbox-worker.mjs', import.meta.url) });
}

// Loaded only once the configuration is known good, so a bad start fails in a blink.
const { createLogger } = await import('./plugins/logger');
const { runRole } = await import('./runtime/run-role');
const logger = createLogger(config.logLevel);
let running: Awaited<ReturnType<typeof runRole>>;
try {
  running = await runRole(config, logger);
} catch (error) {
  logger.fatal({ err: error }, 'start-up failed');
  process.exit(1);
}

if (config.role === 'migrate') process.exit(0);
logger.info({ role: config.role, url: config.publicUrl }, 'started');

// SIGTERM/SIGINT (and a crash): stop accepting requests, let jobs finish, close the database.
// A second signal or 30 s without finishing exits at once.
closeWithGrace({ delay: 30_000, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await running.stop();
});
