/**
 * The platform's own notifications (decision 038): their kinds and words. A module's are declared
 * in its server part with words from its own catalogue; the device words every one from its
 * message id and values (`PanelManagement/Notification`).
 */
import type { Label } from './fields.ts';

const invitationAccepted: Label = /*i18n*/ { id: 'notify.invitationAccepted', message: '{name} accepted your invitation to the panel' };

const invitationAcceptedTitle: Label = /*i18n*/ {
  id: 'notify.invitationAccepted.title',
  message: 'Someone accepted my invitation to the panel',
};

export const platformNotifications = {
  invitationAccepted: {
    kind: 'PanelManagement/invitationAccepted',
    entityKey: 'PanelManagement/Member',
    message: invitationAccepted,
    // Worth an SMS (decision 047): the inviter may be waiting on it to hand out work.
    preference: { title: invitationAcceptedTitle, sms: true, byDefault: 'push' as const },
  },
} as const;

/** A notification's words as stored: its message id and values (JSON text). */
export function notificationValues(raw: unknown): Record<string, string | number> {
  if (typeof raw !== 'string' || !raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, string | number>) : {};
  } catch {
    return {};
  }
}
