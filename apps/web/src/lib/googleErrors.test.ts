import { describe, expect, it } from 'vitest';
import { describeGoogleError } from './googleErrors';

describe('Google sign-in errors', () => {
  it('maps the spec table', () => {
    expect(describeGoogleError('popup_closed_by_user')).toBeNull();
    expect(describeGoogleError('oauth_403_forbidden')?.title).toBe('Google OAuth Configuration Issue');
    expect(describeGoogleError('oauth_403_forbidden')?.setupHelp).toBe(true);
    expect(describeGoogleError('oauth_consent_required')?.title).toBe('Additional Consent Required');
    expect(describeGoogleError('oauth_client_config_error')).toMatchObject({
      title: 'OAuth Client Configuration Error',
      message: 'Please contact support',
      retry: false,
    });
    expect(describeGoogleError('oauth_network_error')?.title).toBe('Network Connection Issue');
    expect(describeGoogleError('NETWORK_ERROR', 'BookTranslate')).toMatchObject({
      title: 'BookTranslate Service Unavailable',
      message: 'Our servers are temporarily unavailable. Please try again in a few moments.',
    });
    expect(describeGoogleError('something_else')?.title).toBe('Authentication Failed');
  });
});
