import type { ReactNode } from 'react';
import '../panel/modules.ts';
import { PanelSync } from '../panel/PanelSync.tsx';
import { AppFrame } from './layout/AppFrame.tsx';
import { RequireSession } from './RequireSession.tsx';

/**
 * The signed-in area: the session guard around the app frame (or no frame, for a module's
 * full-screen page), with the current panel's sync running either way. AppRoutes loads it
 * lazily, so the frame's UI library, the storage layer, the modules and the user menu stay out of
 * the login page.
 */
export function UserArea({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  return (
    <RequireSession>
      <PanelSync />
      {bare ? <main id="main">{children}</main> : <AppFrame>{children}</AppFrame>}
    </RequireSession>
  );
}
