import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/config-error';
import { loadConfig } from '../../config/env';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/bt-config', SESSION_SECRET: 'x'.repeat(40) };

describe('billing, account and support settings', () => {
  it('defaults to a 30-day purge delay and 5 support messages per hour', () => {
    const config = loadConfig(base);
    expect(config.accounts.purgeAfterDays).toBe(30);
    expect(config.mail.supportPerIpPerHour).toBe(5);
    expect(config.paypal.plans.reader.month).toBeUndefined();
  });

  it('names each bad value', () => {
    const load = () =>
      loadConfig({
        ...base,
        ACCOUNT_PURGE_AFTER_DAYS: '31',
        SUPPORT_MESSAGES_PER_HOUR: 'lots',
        PAYPAL_CLIENT_ID: 'id',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/ACCOUNT_PURGE_AFTER_DAYS/);
    expect(load).toThrow(/SUPPORT_MESSAGES_PER_HOUR/);
    expect(load).toThrow(/PAYPAL_CLIENT_SECRET/);
  });
});
