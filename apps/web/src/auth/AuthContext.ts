import type { User } from '@booktranslate/contract';
import { createContext, useContext } from 'react';

export interface AuthState {
  user: User | null;
  /** True until the cached session has been checked against the server. */
  loading: boolean;
  setUser: (user: User | null) => void;
  refreshUser: () => Promise<void>;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth needs an AuthProvider');
  return ctx;
}
