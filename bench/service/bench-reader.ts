import { ApiSession, json } from './api-session';
import { benchBookText } from './bench-book';
import { grantCredits } from './bench-database';

const FINAL = ['completed', 'failed', 'canceled'];

/** A registered user with Reader credits, who uploads bench books and waits for their translations. */
export class BenchReader {
  private constructor(
    readonly session: ApiSession,
    readonly userId: string,
  ) {}

  static async register(
    apiUrl: string,
    databaseUrl: string,
    name: string,
    credits = 1,
  ): Promise<BenchReader> {
    const session = await ApiSession.register(apiUrl, `${name}-${Date.now()}-${process.pid}@example.com`);
    const profile = await json(await session.request('GET', '/users/profile/'));
    await grantCredits(databaseUrl, profile.id, 'READER', credits);
    return new BenchReader(session, profile.id);
  }

  /** Uploads the first `words` words of the bench novel for Spanish; returns the translation id. */
  async upload(words: number, filename = `bench-${words}.txt`): Promise<string> {
    const book = await benchBookText(words);
    const form = new FormData();
    form.append('target_language', 'es');
    form.append('file', new Blob([book.bytes]), filename);
    const upload = await this.session.request('POST', '/books/', { body: form });
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    return (await json(upload)).data.translation.id;
  }

  /**
   * Polls the translation until it is completed, failed or canceled; returns that status. With a
   * label, prints each status change with the seconds since the call.
   */
  async waitFor(translationId: string, label?: string, pollMs = 250): Promise<string> {
    const started = performance.now();
    let last = '';
    for (;;) {
      const t = await json(await this.session.request('GET', `/translations/${translationId}/`));
      if (label && t.status !== last) {
        console.log(`  ${label} ${((performance.now() - started) / 1000).toFixed(1)} s ${t.status}`);
        last = t.status;
      }
      if (FINAL.includes(t.status)) return t.status;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  async progress(translationId: string): Promise<number> {
    return (await json(await this.session.request('GET', `/translations/${translationId}/`))).progress;
  }
}
