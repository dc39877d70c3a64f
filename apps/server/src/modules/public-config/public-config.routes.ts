import { type PublicConfig, routes } from '@booktranslate/contract';
import type { Config } from '../../config/env';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { type EngineCoverage, economyWay, engineCoverage } from '../translations';

export const PRODUCT_NAME = 'BookTranslate';
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * What the web app needs before sign-in: public client ids only, never a secret, and which language
 * pairs get the demo engine's placeholder text (the UI warns only there).
 */
export function publicConfigOf(config: Config, engines: EngineCoverage): PublicConfig {
  return {
    product_name: PRODUCT_NAME,
    google_client_id: config.google.clientId ?? null,
    paypal_client_id: config.paypal.clientId ?? null,
    demo_engine: engines.demo,
    real_pairs: engines.realPairs,
    max_upload_bytes: MAX_UPLOAD_BYTES,
    direct_uploads: config.storage.driver === 's3',
    glossary_review_hours: config.translation.glossaryReviewHours,
    economy_lane: economyWay(config.translation) !== null,
  };
}

export const publicConfigModule = defineModule('public-config', async (app, { config }) => {
  // Apertium's pairs are read once, when the server starts (installing a pair means a restart).
  const body = publicConfigOf(config, await engineCoverage(config.translation));
  app.route({ ...contractRoute(routes.system.publicConfig), handler: async () => body });
});
