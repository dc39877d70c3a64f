import { useCallback, useState } from 'react';
import { readJson, STORAGE, writeJson } from '../lib/storageKeys';

/** Dark mode saved under localStorage 'darkMode' (index.html applies it before first paint). */
export function useDarkMode(): [boolean, () => void] {
  const [dark, setDark] = useState(() => readJson<boolean>(STORAGE.darkMode, false));
  const toggle = useCallback(() => {
    setDark((d) => {
      const next = !d;
      writeJson(STORAGE.darkMode, next);
      document.documentElement.classList.toggle('dark', next);
      return next;
    });
  }, []);
  return [dark, toggle];
}
