/**
 * A minimal cookie store for runtimes without a browser (Node tests, scripts): one origin, names
 * and values only. Browsers keep cookies themselves and never use this.
 */
export function createCookieJar() {
  const cookies = new Map<string, string>();
  return {
    get: (name: string) => cookies.get(name),
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    clear: () => cookies.clear(),
    store(setCookies: string[]) {
      for (const line of setCookies) {
        const [pair = '', ...attributes] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq <= 0) continue;
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = attributes.some((attribute) => {
          const [key = '', raw = ''] = attribute.split('=');
          const k = key.trim().toLowerCase();
          return (k === 'max-age' && Number(raw) <= 0) || (k === 'expires' && Date.parse(raw) <= Date.now());
        });
        if (expired || value === '') cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

export type CookieJar = ReturnType<typeof createCookieJar>;
