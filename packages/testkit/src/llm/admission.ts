import type { FakeLlmOptions } from './fake-llm-options';

export type Admission = { ok: true } | { ok: false; retryAfterMs: number; reason: 'concurrency' | 'rpm' };

/**
 * Decides whether a request is served now: at most `maxConcurrency` at once and `rpm` accepted per
 * rolling minute. Accepted arrivals are remembered for the rpm window; call `release` when one ends.
 * @example const gate = new AdmissionGate(); gate.admit({ maxConcurrency: 1 }).ok // true
 */
export class AdmissionGate {
  inFlight = 0;
  maxInFlight = 0;
  private accepted: number[] = [];

  admit(options: FakeLlmOptions, now = Date.now()): Admission {
    const maxConcurrency = options.maxConcurrency ?? 0;
    if (maxConcurrency > 0 && this.inFlight >= maxConcurrency) {
      return { ok: false, retryAfterMs: (options.retryAfterSeconds ?? 1) * 1000, reason: 'concurrency' };
    }
    const rpm = options.rpm ?? 0;
    if (rpm > 0) {
      while (this.accepted.length > 0 && this.accepted[0]! <= now - 60_000) this.accepted.shift();
      if (this.accepted.length >= rpm) {
        return { ok: false, retryAfterMs: this.accepted[0]! + 60_000 - now, reason: 'rpm' };
      }
      this.accepted.push(now);
    }
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return { ok: true };
  }

  release(): void {
    this.inFlight--;
  }

  reset(): void {
    this.maxInFlight = this.inFlight;
    this.accepted = [];
  }
}
