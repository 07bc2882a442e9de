import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { paths } from '../contract/routes.ts';
import { isSignedIn } from '../session/session.ts';
import { useSession } from '../session/useSession.ts';
import { useCurrentUser } from '../storage/currentUser.ts';

/**
 * The guard of the `/User/**` routes: a visitor without a session goes to the login page (which
 * brings them back afterwards); a user whose registration profile is missing (101) goes to
 * complete it.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const [location] = useLocation();
  if (!isSignedIn(session)) {
    return <Redirect to={`${paths.auth.login}?next=${encodeURIComponent(location)}`} replace />;
  }
  return <ProfileGate>{children}</ProfileGate>;
}

function ProfileGate({ children }: { children: ReactNode }) {
  const current = useCurrentUser();
  if (current.status === 'incomplete') return <Redirect to={paths.auth.profile} replace />;
  return children;
}
