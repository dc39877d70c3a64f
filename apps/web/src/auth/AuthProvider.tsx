import type { User } from '@booktranslate/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { fetchCsrf, getProfile, logout } from '../api/auth';
import { errorCode } from '../api/errors';
import { readJson, STORAGE, writeJson } from '../lib/storageKeys';
import { AuthContext } from './AuthContext';
import { clearSession } from './clearSession';

/** Session start (spec section 4): CSRF token, cached user, then verification with the profile. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<User | null>(() => {
    // A user cached by an older version (camelCase, no `subscription_plan`) waits for the profile instead.
    const cached = readJson<User | null>(STORAGE.user, null);
    return cached?.subscription_plan && cached.credits_available ? cached : null;
  });
  const [loading, setLoading] = useState(true);

  const setUser = useCallback((next: User | null) => {
    setUserState(next);
    if (next) writeJson(STORAGE.user, next);
    else localStorage.removeItem(STORAGE.user);
  }, []);

  const refreshUser = useCallback(async () => {
    try {
      setUser(await getProfile(readJson<User | null>(STORAGE.user, null) !== null));
    } catch (err) {
      // Only a 401 ends the session; a network blip keeps the cached user.
      if (errorCode(err) === 'UNAUTHENTICATED') setUser(null);
    }
  }, [setUser]);

  useEffect(() => {
    let alive = true;
    (async () => {
      await fetchCsrf().catch(() => undefined);
      await refreshUser();
      if (alive) setLoading(false);
    })();
    return () => {
      alive = false;
    };
  }, [refreshUser]);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch (err) {
      console.warn('Logout call failed', err);
    }
    clearSession();
    queryClient.clear();
    setUserState(null);
    await fetchCsrf().catch(() => undefined);
  }, [queryClient]);

  const value = useMemo(
    () => ({ user, loading, setUser, refreshUser, signOut }),
    [user, loading, setUser, refreshUser, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
