import { describe, expect, it } from 'vitest';
import { toUser } from './normalize';

describe('the client User', () => {
  it("has the spec's subscription{plan, status} and updatedAt, from either spelling", () => {
    const user = toUser({
      id: 'u1',
      email: 'ann@example.com',
      subscription_plan: 'BOOKWORM',
      subscription_status: 'ACTIVE',
      updated_at: '2026-11-20T10:00:00Z',
    });
    expect(user.subscription).toEqual({ plan: 'bookworm', status: 'active' });
    expect(user.updatedAt).toBe('2026-11-20T10:00:00Z');
    expect(
      toUser({ id: 'u2', email: 'b@example.com', subscription: { plan: 'reader' } }).subscription,
    ).toEqual({
      plan: 'reader',
      status: 'active',
    });
  });
});
