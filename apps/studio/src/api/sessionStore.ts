// The signed-in operator's tokens, kept in local storage so a reload stays signed in, and observable so the app
// re-renders on sign-in, refresh and sign-out.

import type { Session } from './types';

export const SESSION_STORAGE_KEY = 'marquee-studio-session';

export interface SessionStore {
  get(): Session | null;
  set(session: Session | null): void;
  subscribe(listener: () => void): () => void;
}

function isSession(value: unknown): value is Session {
  const v = value as Partial<Session> | null;
  return (
    typeof v?.idToken === 'string' && typeof v.refreshToken === 'string' && typeof v.expiresAt === 'number'
  );
}

export function createSessionStore(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
): SessionStore {
  let current: Session | null = null;
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SESSION_STORAGE_KEY) ?? 'null');
    current = isSession(parsed) ? parsed : null;
  } catch {
    current = null;
  }
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(session) {
      current = session;
      try {
        if (session === null) storage?.removeItem(SESSION_STORAGE_KEY);
        else storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
      } catch {
        // storage full or denied: the session lives for this page only
      }
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
