import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema/users';
import { toUserDto } from './to-user-dto';

const row = (over: Partial<UserRow> = {}): UserRow => ({
  id: '7f1f7a4e-3a57-4b4e-9d53-1c3a3c0f4a11',
  email: 'ann@example.com',
  passwordHash: 'secret-hash',
  googleSub: 'g-1',
  emailVerified: true,
  firstName: '',
  lastName: '',
  fullName: '',
  picture: null,
  subscriptionPlan: 'free',
  subscriptionStatus: 'active',
  billingPlanType: null,
  preferredLanguages: [],
  emailNotifications: true,
  deviceAddresses: [],
  emailBookWhenReady: false,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-02T00:00:00Z'),
  ...over,
});

describe('toUserDto', () => {
  const balances = { FREE: 1, READER: 2, BOOKWORM: 3 };

  it('falls back from full name to first + last name to email, and sums the credits', () => {
    expect(toUserDto(row({ fullName: 'Ann Lee' }), balances, 0).full_name).toBe('Ann Lee');
    expect(toUserDto(row({ firstName: 'Ann', lastName: 'Lee' }), balances, 0).full_name).toBe('Ann Lee');
    const dto = toUserDto(row(), balances, 0);
    expect(dto.full_name).toBe('ann@example.com');
    expect(dto.available_credits).toBe(6);
    expect(dto.created_at).toBe('2026-01-01T00:00:00.000Z');
  });

  it('says whether the address is confirmed and what confirming it will add', () => {
    expect(toUserDto(row(), balances, 0)).toMatchObject({ email_confirmed: true, free_credits_pending: 0 });
    expect(toUserDto(row({ emailVerified: false }), balances, 2)).toMatchObject({
      email_confirmed: false,
      free_credits_pending: 2,
    });
  });

  it('never exposes secrets', () => {
    const text = JSON.stringify(toUserDto(row(), balances, 0));
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('g-1');
  });

  it('normalises plan values written in another spelling instead of failing the profile', () => {
    const plan = (stored: Partial<UserRow>) => {
      const dto = toUserDto(row(stored), balances, 0);
      return [dto.subscription_plan, dto.subscription_status, dto.billing_plan_type];
    };
    expect(
      plan({ subscriptionPlan: 'BookWorm', subscriptionStatus: 'CANCELED', billingPlanType: 'YEAR' }),
    ).toEqual(['bookworm', 'cancelled', 'year']);
    expect(
      plan({ subscriptionPlan: 'platinum', subscriptionStatus: '??', billingPlanType: 'weekly' }),
    ).toEqual(['free', 'active', null]);
  });
});
