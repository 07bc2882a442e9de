/**
 * The bell in the header (decision 038): the person's unread notifications in the open panel,
 * and the way to their list. Nothing without an open panel.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../contract/routes.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useUnreadCount } from '../../storage/notifications.ts';
import { usePanelData } from '../../storage/panelData.ts';
import { BellIcon } from '../../ui/icons.tsx';

export function NotificationBell() {
  const { t } = useLingui();
  const panel = usePanelData();
  const unread = useUnreadCount(panel) ?? 0;
  if (!panel) return null;
  const count = formatNumber(unread);
  return (
    <Link
      href={paths.notifications}
      aria-label={unread ? t`Notifications: ${count} unread` : t`Notifications`}
      data-testid="notification-bell"
      className="relative grid size-11 place-items-center rounded-full text-slate-700 hover:bg-slate-100 sm:size-9"
    >
      <BellIcon />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {unread > 99 ? formatNumber(99) + '+' : count}
        </span>
      )}
    </Link>
  );
}
