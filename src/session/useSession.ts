import { useSyncExternalStore } from 'react';
import { currentSession, subscribeSession, type Session } from './session.ts';

/** The current session; re-renders when it changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, currentSession, currentSession);
}
