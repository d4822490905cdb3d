import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type LoginInput, type RegisterInput, type User } from '@loreforge/contract';
import { loginRequest, registerRequest, type AuthReply } from '../api/auth';
import { AuthContext, type AuthContextValue } from './auth-context';
import { clearSession, getToken, restoreUser, storeSession, subscribeSession } from './session-store';

function requireTokenAndUser(reply: AuthReply | undefined, missingMessage: string): { token: string; user: User } {
  if (!reply?.token || !reply.user) throw new Error(missingMessage);
  return { token: reply.token, user: reply.user };
}

/**
 * Provides the session of SPEC §4: restores the user from localStorage on start (a token without a stored
 * user only warns), stores token and user on login or registration, clears both on logout, and notices when
 * a 401 clears the token (no redirect).
 * @param children the app.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(() => restoreUser());
  const [hasToken, setHasToken] = useState<boolean>(() => getToken() !== null);

  useEffect(() => subscribeSession(() => setHasToken(getToken() !== null)), []);

  const login = useCallback(
    async (input: LoginInput) => {
      const { token, user: signedIn } = requireTokenAndUser(await loginRequest(input), MESSAGES.loginMissingTokenOrUser);
      queryClient.clear();
      storeSession(token, signedIn);
      setUser(signedIn);
      return signedIn;
    },
    [queryClient],
  );

  const register = useCallback(
    async (input: RegisterInput) => {
      const { token, user: created } = requireTokenAndUser(await registerRequest(input), MESSAGES.registrationMissingTokenOrUser);
      queryClient.clear();
      storeSession(token, created);
      setUser(created);
      return created;
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    clearSession();
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(() => ({ user, hasToken, login, register, logout }), [user, hasToken, login, register, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
