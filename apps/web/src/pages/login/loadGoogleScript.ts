interface GoogleId {
  initialize(options: {
    client_id: string;
    callback: (r: { credential?: string }) => void;
    ux_mode?: 'popup';
  }): void;
  renderButton(el: HTMLElement, options: Record<string, unknown>): void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

const SRC = 'https://accounts.google.com/gsi/client';

/** Loads Google Identity Services once; a failed load can be tried again. */
export function loadGoogleScript(): Promise<GoogleId> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id);
  return new Promise((resolve, reject) => {
    document.querySelector(`script[src="${SRC}"]`)?.remove();
    const s = document.createElement('script');
    s.src = SRC;
    s.async = true;
    s.onload = () =>
      window.google?.accounts?.id
        ? resolve(window.google.accounts.id)
        : reject(new Error('oauth_network_error'));
    s.onerror = () => reject(new Error('oauth_network_error'));
    document.head.append(s);
  });
}
