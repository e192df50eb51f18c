import {
  createUserWithEmailAndPassword,
  getRedirectResult,
  GoogleAuthProvider,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signInWithRedirect,
  signOut as firebaseSignOut,
  updateProfile,
  type User,
} from "firebase/auth";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { track } from "./analytics";
import { authErrorMessage, isSuppressedAuthError } from "./auth-errors";
import { auth } from "./firebase";
import { clearDrafts } from "./drafts";
import { clearQueryCache } from "./query-client";

export type AuthStatus = "loading" | "signed-out" | "signed-in";

export type AuthState = {
  status: AuthStatus;
  user: User | null;
  /** The last sign-in error (e.g. from a Google redirect), already in readable words. */
  error: string | null;
};

type AuthContextValue = AuthState & {
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (email: string, password: string, displayName?: string) => Promise<void>;
  signInWithGoogle: () => Promise<void>;
  signOut: () => Promise<void>;
  clearError: () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

const CACHE_OWNER_KEY = "query-cache-owner";

/** What an account leaves in this browser: the query cache (memory and IndexedDB) and unsaved drafts. */
async function forgetAccount() {
  clearDrafts();
  await clearQueryCache();
}

/** A cache persisted by another account (a logout that never finished) must not be shown. */
async function claimQueryCache(uid: string) {
  const owner = localStorage.getItem(CACHE_OWNER_KEY);
  if (owner && owner !== uid) await forgetAccount();
  localStorage.setItem(CACHE_OWNER_KEY, uid);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: "loading", user: null, error: null });

  useEffect(() => {
    const setError = (error: unknown) => {
      const message = authErrorMessage(error);
      if (!isSuppressedAuthError(message)) setState((s) => ({ ...s, error: message }));
    };
    getRedirectResult(auth).catch(setError);
    return onAuthStateChanged(
      auth,
      (user) => {
        if (user) void claimQueryCache(user.uid);
        setState((s) => ({ ...s, status: user ? "signed-in" : "signed-out", user }));
      },
      setError,
    );
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn: async (email, password) => {
        await signInWithEmailAndPassword(auth, email, password);
      },
      signUp: async (email, password, displayName) => {
        const { user } = await createUserWithEmailAndPassword(auth, email, password);
        if (displayName) {
          await updateProfile(user, { displayName });
          // The token minted at sign-up predates the name; a fresh one carries the `name` claim.
          await user.getIdToken(true).catch(() => undefined);
        }
        track("sign_up", { method: "password" });
      },
      signInWithGoogle: () => signInWithRedirect(auth, new GoogleAuthProvider()),
      signOut: async () => {
        await firebaseSignOut(auth);
        await forgetAccount();
        localStorage.removeItem(CACHE_OWNER_KEY);
      },
      clearError: () => setState((s) => ({ ...s, error: null })),
    }),
    [state],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

/** For tests and stories: provide a fixed auth state. */
export const AuthContextForTests = AuthContext;
