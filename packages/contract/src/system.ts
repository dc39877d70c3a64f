import { z } from 'zod';
import { defineRoute } from './route';

const CheckResult = z.object({
  status: z.enum(['ok', 'error']),
  latency_ms: z.number(),
  message: z.string().optional(),
});

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_s: z.number(),
  checks: z.object({ database: CheckResult, storage: CheckResult, queue: CheckResult }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

export const health = defineRoute({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and dependencies (database, storage, queue); 503 when one fails',
  auth: false,
  response: HealthResponse,
});

export const DashboardStats = z.object({
  books_translated: z.number().int(),
  translations_completed: z.number().int(),
  languages: z.number().int(),
  users: z.number().int(),
  words_translated: z.number().int(),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

export const dashboardStats = defineRoute({
  method: 'GET',
  path: '/dashboard/stats',
  summary: 'Public figures for the landing page',
  auth: false,
  response: DashboardStats,
});

export const PublicConfig = z.object({
  product_name: z.string(),
  google_client_id: z.string().nullable(),
  paypal_client_id: z.string().nullable(),
  /** True when some language pairs get the demo engine's placeholder text (see real_pairs). */
  demo_engine: z.boolean(),
  /**
   * The pairs a real engine translates when demo_engine is true (Apertium's installed pairs; empty
   * when none); null when every pair gets a real engine.
   */
  real_pairs: z.array(z.object({ source: z.string(), target: z.string() })).nullable(),
  max_upload_bytes: z.number().int(),
  /** True when books go from the browser straight to the bucket under an upload grant (S3 storage). */
  direct_uploads: z.boolean(),
  /**
   * Hours a translation waits for its glossary review after its last change; then it stops and its
   * credit comes back.
   */
  glossary_review_hours: z.number().int(),
  /**
   * True when a translation may start in the economy lane (ECONOMY_LANE set and the configured
   * engine has a batch API, or flex on OpenAI): about half the provider cost, ready within hours.
   */
  economy_lane: z.boolean().default(false),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const publicConfig = defineRoute({
  method: 'GET',
  path: '/config/public',
  summary: 'Settings the web app needs at start (client ids, product name)',
  auth: false,
  response: PublicConfig,
});

export const systemRoutes = { health, dashboardStats, publicConfig } as const;
