import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translations } from '../../db/schema/translations';
import { type BillingWorld, PLAN_IDS, startBillingWorld } from '../../testing/billing-test-kit';
import { seedBookWithCover } from '../../testing/seed-rows';
import { purgeDueAccounts } from './purge-accounts';

describe('account deletion', () => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingWorld();
  }, 60_000);
  afterAll(() => w?.close());

  /** Every row of every table that mentions the user's id or email, by table. */
  async function traces(userId: string, email: string): Promise<Record<string, number>> {
    const { rows } = (await w.t.handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    const found: Record<string, number> = {};
    for (const { table_name } of rows) {
      const result = (await w.t.handle.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text like ${`%${userId}%`} or t::text ilike ${`%${email}%`}`,
      )) as unknown as { rows: { n: number }[] };
      if ((result.rows[0]?.n ?? 0) > 0) found[table_name] = result.rows[0]?.n ?? 0;
    }
    return found;
  }

  it('signs out everywhere, cancels PayPal, e-mails the owner, and the purge leaves nothing', async () => {
    const storage = w.t.deps.storage;
    const { client, userId, email } = await w.newUser();
    const second = (await import('../../testing/inject-client')).injectClient(w.t.app);
    await second.csrf();
    expect((await second.post('/auth/login/', { email, password: 'correct horse battery' })).statusCode).toBe(
      200,
    );
    const sub = w.paypal.createSubscription({ planId: PLAN_IDS.readerMonth, email, customId: userId });
    await client.post(`/billing/paypal/subscription/${sub.id}/activate/`);
    await client.request('PUT', '/users/profile/', { body: { profile: { preferred_languages: ['es'] } } });
    await client.post('/support/messages/', {
      name: 'Ann Reader',
      email,
      message: 'Where are my books, please?',
    });
    const bookId = await seedBookWithCover(w.t.handle.db, userId);
    const [translation] = await w.t.handle.db
      .insert(translations)
      .values({
        bookId,
        userId,
        targetLanguage: 'es',
        outputs: { txt: `translations/x${userId}/1/txt` },
      })
      .returning();
    const keys = [
      `originals/${userId}`,
      `covers/${userId}`,
      `translations/x${userId}/1/txt`,
      `uploads/${userId}/a`,
    ];
    for (const key of keys)
      await storage.put(key, new TextEncoder().encode('hello'), { contentType: 'text/plain' });
    await storage.put(`translations/${translation!.id}/1/epub`, new Uint8Array([1]), {
      contentType: 'application/epub+zip',
    });

    const deleted = await client.request('DELETE', '/users/profile/');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().success).toBe(true);
    expect((await client.get('/users/profile/')).statusCode).toBe(401);
    expect((await second.get('/users/profile/')).statusCode).toBe(401);
    const again = (await import('../../testing/inject-client')).injectClient(w.t.app);
    await again.csrf();
    expect((await again.post('/auth/login/', { email, password: 'correct horse battery' })).statusCode).toBe(
      401,
    );
    expect(w.paypal.getSubscription(sub.id)?.status).toBe('CANCELLED');
    const mail = await w.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('deleted'));
    expect(mail.text).toContain('signed out everywhere');

    // ACCOUNT_PURGE_AFTER_DAYS=0 in this world: the next run of the daily job takes it.
    expect(await purgeDueAccounts({ db: w.t.handle.db, storage, clock: { now: () => new Date() } })).toBe(1);
    expect(await traces(userId, email)).toEqual({});
    for (const key of keys) expect(await storage.stat(key), key).toBeNull();
    expect(await storage.list(`translations/${translation!.id}/`)).toEqual([]);
    expect(await purgeDueAccounts({ db: w.t.handle.db, storage, clock: { now: () => new Date() } })).toBe(0);
  });

  it('keeps the account until its purge date when the delay is not over', async () => {
    const { client, userId, email } = await w.newUser();
    await client.request('DELETE', '/users/profile/');
    const storage = w.t.deps.storage;
    const yesterday = { now: () => new Date(Date.now() - 86_400_000) };
    expect(await purgeDueAccounts({ db: w.t.handle.db, storage, clock: yesterday })).toBe(0);
    expect(Object.keys(await traces(userId, email))).toContain('users');
    expect(await purgeDueAccounts({ db: w.t.handle.db, storage, clock: { now: () => new Date() } })).toBe(1);
  });

  it('needs a signed-in user and a CSRF token', async () => {
    expect((await w.t.app.inject({ method: 'DELETE', url: '/api/v1/users/profile/' })).statusCode).toBe(403);
    const { client } = await w.newUser();
    expect((await client.request('DELETE', '/users/profile/', { csrf: false })).statusCode).toBe(403);
    expect((await client.get('/users/profile/')).statusCode).toBe(200);
  });
});
