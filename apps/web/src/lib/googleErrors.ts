export interface SignInProblem {
  title: string;
  message: string;
  /** False when retrying cannot help (client configuration). */
  retry: boolean;
  /** Show the set-up instructions panel. */
  setupHelp?: boolean;
}

/**
 * The Google sign-in error table of spec section 8. Returns null for codes the UI ignores
 * (the user closed the pop-up on purpose).
 */
export function describeGoogleError(code: string, product = 'BookTranslate'): SignInProblem | null {
  switch (code) {
    case 'popup_closed_by_user':
      return null;
    case 'oauth_403_forbidden':
      return {
        title: 'Google OAuth Configuration Issue',
        message: 'Google refused this sign-in for this site.',
        retry: true,
        setupHelp: true,
      };
    case 'oauth_consent_required':
      return {
        title: 'Additional Consent Required',
        message: 'Please try again and grant all requested permissions.',
        retry: true,
      };
    case 'oauth_client_config_error':
      return { title: 'OAuth Client Configuration Error', message: 'Please contact support', retry: false };
    case 'oauth_network_error':
      return {
        title: 'Network Connection Issue',
        message: 'Please check your internet connection and try again.',
        retry: true,
      };
    case 'NETWORK_ERROR':
    case 'server_unreachable':
      return {
        title: `${product} Service Unavailable`,
        message: 'Our servers are temporarily unavailable. Please try again in a few moments.',
        retry: true,
      };
    case 'profile_fetch_failed':
      return { title: 'Authentication Failed', message: 'Failed to fetch user profile', retry: true };
    default:
      return { title: 'Authentication Failed', message: 'Google login failed', retry: true };
  }
}

export const MAX_GOOGLE_RETRIES = 3;
export const RETRIES_EXHAUSTED = 'Multiple retry attempts failed. Please check your setup.';
