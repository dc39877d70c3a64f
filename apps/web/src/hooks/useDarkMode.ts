import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE, writeJson } from '../lib/storageKeys';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
// The `dark` class on <html> is the truth: public/before-paint.js sets it from localStorage before
// the first paint, so the pre-rendered page (built light) is dark at once when it should be.
const isDark = () => document.documentElement.classList.contains('dark');
// Pre-rendered pages were built light; hydration starts from that and then takes the page's value.
const builtLight = () => false;

/** Dark mode saved under localStorage 'darkMode' (before-paint.js applies it before first paint). */
export function useDarkMode(): [boolean, () => void] {
  const dark = useSyncExternalStore(subscribe, isDark, builtLight);
  const toggle = useCallback(() => {
    const next = !isDark();
    writeJson(STORAGE.darkMode, next);
    document.documentElement.classList.toggle('dark', next);
    for (const listener of listeners) listener();
  }, []);
  return [dark, toggle];
}
