import { type PublicConfig, routes } from '@booktranslate/contract';
import type { Config } from '../../config/env';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';

export const PRODUCT_NAME = 'BookTranslate';
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** What the web app needs before sign-in: public client ids only, never a secret. */
export function publicConfigOf(config: Config): PublicConfig {
  const { engine, openai, anthropic, gemini, deepl } = config.translation;
  const anyProviderKey = Boolean(openai.apiKey || anthropic.apiKey || gemini.apiKey || deepl.apiKey);
  return {
    product_name: PRODUCT_NAME,
    google_client_id: config.google.clientId ?? null,
    paypal_client_id: config.paypal.clientId ?? null,
    // 'auto' without keys may still find Apertium; the translator decides per job, this is the UI hint.
    demo_engine: engine === 'demo' || (engine === 'auto' && !anyProviderKey),
    max_upload_bytes: MAX_UPLOAD_BYTES,
    direct_uploads: config.storage.driver === 's3',
  };
}

export const publicConfigModule = defineModule('public-config', async (app, { config }) => {
  const body = publicConfigOf(config);
  app.route({ ...contractRoute(routes.system.publicConfig), handler: async () => body });
});
