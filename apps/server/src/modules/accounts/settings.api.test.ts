import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/books';
import { translations } from '../../db/schema/translations';
import { users } from '../../db/schema/users';
import { type BillingWorld, startBillingWorld } from '../../testing/billing-test-kit';
import { notifyTranslationFinished } from '../mail/notify-translation';

describe('profile and settings', () => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingWorld();
  }, 60_000);
  afterAll(() => w?.close());

  it('updates the display name only when non-empty, and the picture', async () => {
    const { client } = await w.newUser();
    const named = await client.request('PUT', '/users/update_profile/', {
      body: { full_name: '  Ann Reader ', picture: 'https://lh3.googleusercontent.com/a/pic' },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({
      full_name: 'Ann Reader',
      picture: 'https://lh3.googleusercontent.com/a/pic',
    });
    const empty = await client.request('PUT', '/users/update_profile/', { body: { full_name: '' } });
    expect(empty.json().full_name).toBe('Ann Reader');
    const bad = await client.request('PUT', '/users/update_profile/', {
      body: { picture: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    const mass = await client.request('PUT', '/users/update_profile/', {
      body: { subscription_plan: 'bookworm', email: 'x@evil.test' },
    });
    expect(mass.json()).toMatchObject({ subscription_plan: 'free' });
    expect(mass.json().email).not.toBe('x@evil.test');
  });

  it('writes settings through PUT /users/profile/ as the settings screen sends them, and /user/settings/', async () => {
    const { client } = await w.newUser();
    const put = await client.request('PUT', '/users/profile/', {
      body: { profile: { email_notifications: false, preferred_languages: ['es', 'zh-CN', 'uk'] } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      email_notifications: false,
      preferred_languages: ['es', 'zh-cn', 'uk'],
    });
    expect((await client.get('/users/profile/?_t=123')).json().preferred_languages).toEqual([
      'es',
      'zh-cn',
      'uk',
    ]);
    expect((await client.get('/user/settings/')).json()).toEqual({
      email_notifications: false,
      push_notifications: false,
      preferred_languages: ['es', 'zh-cn', 'uk'],
      default_target_languages: ['es', 'zh-cn', 'uk'],
      device_addresses: [],
      sender_address: 'no-reply@booktranslate.test',
      email_book_when_ready: false,
    });
    const cleared = await client.request('PUT', '/user/settings/', {
      body: { email_notifications: true, preferred_languages: [] },
    });
    expect(cleared.json()).toMatchObject({ email_notifications: true, preferred_languages: [] });
  });

  it('refuses more than 3 languages, duplicates and unknown codes, changing nothing', async () => {
    const { client } = await w.newUser();
    await client.request('PUT', '/user/settings/', { body: { preferred_languages: ['fr'] } });
    for (const preferred_languages of [
      ['es', 'fr', 'de', 'it'],
      ['es', 'es'],
      ['es', 'ES'],
      ['klingon'],
      'es',
    ]) {
      const res = await client.request('PUT', '/users/profile/', {
        body: { profile: { preferred_languages } },
      });
      expect(res.statusCode, JSON.stringify(preferred_languages)).toBe(400);
    }
    expect((await client.get('/user/settings/')).json().preferred_languages).toEqual(['fr']);
  });

  it('e-mails a finished translation only to users who want notifications', async () => {
    const { userId, email } = await w.newUser();
    const db = w.t.handle.db;
    const [book] = await db
      .insert(books)
      .values({
        userId,
        title: 'Dune',
        originalFormat: 'epub',
        originalFilename: 'd.epub',
        originalKey: 'k',
        fileSize: 1,
      })
      .returning();
    const [done] = await db
      .insert(translations)
      .values({ bookId: book!.id, userId, targetLanguage: 'es', status: 'completed' })
      .returning();
    const [failed] = await db
      .insert(translations)
      .values({
        bookId: book!.id,
        userId,
        targetLanguage: 'fr',
        status: 'failed',
        failureReason: 'The provider refused',
      })
      .returning();
    const deps = { db, config: w.t.deps.config };
    expect(await notifyTranslationFinished(deps, done!.id)).toBe(true);
    const ready = await w.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('is ready'));
    expect(ready.text).toContain('Spanish');
    expect(await notifyTranslationFinished(deps, failed!.id)).toBe(true);
    const sorry = await w.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('failed'));
    expect(sorry.text).toContain('The provider refused');
    await db.update(users).set({ emailNotifications: false }).where(eq(users.id, userId));
    const before = w.smtp.messages.length;
    expect(await notifyTranslationFinished(deps, done!.id)).toBe(false);
    expect(await notifyTranslationFinished(deps, '00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(w.smtp.messages.length).toBe(before);
  });
});
