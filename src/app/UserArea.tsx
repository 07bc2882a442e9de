import type { ReactNode } from 'react';
import { AppFrame } from './layout/AppFrame.tsx';
import { RequireSession } from './RequireSession.tsx';

/**
 * The signed-in area: the session guard around the app frame. AppRoutes loads it lazily, so the
 * frame's UI library, the storage layer and the user menu stay out of the login page.
 */
export function UserArea({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      <AppFrame>{children}</AppFrame>
    </RequireSession>
  );
}
