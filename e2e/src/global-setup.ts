import { type FakeLlm, startFakeLlm } from '@booktranslate/testkit';
import type { TestProject } from 'vitest/node';
import { buildProduct, e2eMissingReason, type RunningServer, startServer } from './start-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the server every browser test shares; empty when it could not start here. */
    serverUrl: string;
    /** That server's .eml outbox (sign-up confirmation links); empty for an E2E_BASE_URL server. */
    mailDir: string;
  }
}

/**
 * One build of the web app and one server (with the fake OpenAI-compatible model as its engine) for
 * all browser test files: starting PGlite and migrating costs more than the tests themselves.
 */
export default async function setup(project: TestProject) {
  if (e2eMissingReason()) {
    project.provide('serverUrl', '');
    project.provide('mailDir', '');
    return;
  }
  buildProduct();
  let llm: FakeLlm | undefined;
  let server: RunningServer | undefined;
  if (!process.env.E2E_BASE_URL) llm = await startFakeLlm();
  server = await startServer(
    llm ? { TRANSLATION_ENGINE: 'openai', OPENAI_BASE_URL: llm.baseURL, OPENAI_API_KEY: 'test-key' } : {},
  );
  project.provide('serverUrl', server.url);
  project.provide('mailDir', server.mailDir ?? '');
  return async () => {
    await server?.stop();
    await llm?.close();
  };
}
