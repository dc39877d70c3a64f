/** Local storage keys; darkMode is named by the spec, the others are ours. */
export const STORAGE = {
  user: 'booktranslate.user',
  darkMode: 'darkMode',
  languages: 'booktranslate.languagePreferences',
  billingInterval: 'booktranslate.billingInterval',
  paymentSession: 'booktranslate.paymentSession',
} as const;

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the app works without persistence.
  }
}
