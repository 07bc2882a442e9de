import { useCallback } from 'react';
import { useLoaded } from '../ui/useLoaded.ts';
import { acceptInvitation, declineInvitation, listInvitations } from '../api/panels.ts';

/**
 * The person's open invitations (online only: an invitation is answered on the server), and
 * answering one. `onJoined` runs after an accepted one, so the panel list can show the new panel.
 */
export function useInvitations(onJoined: () => void) {
  const [state, reload] = useLoaded(listInvitations);
  const answer = useCallback(
    async (code: string, accept: boolean) => {
      if (accept) await acceptInvitation(code);
      else await declineInvitation(code);
      reload();
      if (accept) onJoined();
    },
    [onJoined, reload],
  );
  return { state, answer };
}
