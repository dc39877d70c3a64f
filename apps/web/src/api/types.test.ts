import { describe, expect, it } from 'vitest';
import { wireUser } from './mock/wire';
import { toUser } from './types';

describe('the client User', () => {
  it("has the spec's subscription{plan, status} and updatedAt, from the contract's User", () => {
    const user = toUser(
      wireUser({
        subscription_plan: 'bookworm',
        subscription_status: 'active',
        updated_at: '2026-11-20T10:00:00Z',
      }),
    );
    expect(user.subscription).toEqual({ plan: 'bookworm', status: 'active' });
    expect(user.updatedAt).toBe('2026-11-20T10:00:00Z');
    expect(toUser(wireUser({ subscription_plan: 'reader' })).subscription).toEqual({
      plan: 'reader',
      status: 'active',
    });
  });

  it('is named by full name, else first and last name, else the email', () => {
    expect(toUser(wireUser({ full_name: 'Ann Reader' })).name).toBe('Ann Reader');
    expect(toUser(wireUser({ full_name: '', first_name: 'Ann', last_name: 'R' })).name).toBe('Ann R');
    expect(toUser(wireUser({ full_name: '', first_name: '', last_name: '' })).name).toBe('ann@example.com');
  });

  it('says whether the address waits for its link and what the link will add', () => {
    expect(toUser(wireUser({ email_confirmed: false, free_credits_pending: 2 }))).toMatchObject({
      emailConfirmed: false,
      freeCreditsPending: 2,
    });
    expect(toUser(wireUser())).toMatchObject({ emailConfirmed: true, freeCreditsPending: 0 });
  });
});
