import type { HealthResponse } from '@booktranslate/contract';

type Check = HealthResponse['checks']['database'];

const CHECK_TIMEOUT_MS = 3000;

/** Runs one probe with a time limit; a failure is reported, never thrown. */
export async function runCheck(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { status: 'ok', latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    // The reason is shown: health is for operators, and these messages name no secrets.
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'error', latency_ms: Math.round(performance.now() - started), message };
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth(
  probes: Record<keyof HealthResponse['checks'], () => Promise<unknown>>,
  version: string,
): Promise<HealthResponse> {
  const [database, storage, queue] = await Promise.all([
    runCheck(probes.database),
    runCheck(probes.storage),
    runCheck(probes.queue),
  ]);
  const checks = { database, storage, queue };
  const ok = Object.values(checks).every((check) => check.status === 'ok');
  return { status: ok ? 'ok' : 'degraded', version, uptime_s: Math.round(process.uptime()), checks };
}
