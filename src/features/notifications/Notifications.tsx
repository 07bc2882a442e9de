/**
 * The person's notifications in the open panel (decision 038), newest first and grouped by day
 * (the Jalali day in Persian): each worded on the device from its message id and values, linking
 * to the row it is about, marked read when opened; "mark all read" marks the rest. Offline too:
 * they are rows of this device's database.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { notificationValues } from '../../contract/notifications.ts';
import { describeError } from '../../i18n/describeError.ts';
import { formatRelative } from '../../i18n/format.ts';
import { byDay } from './byDay.ts';
import { documentPage } from '../../panel/modules.ts';
import { paths } from '../../contract/routes.ts';
import { WithPanel } from '../../panel/WithPanel.tsx';
import { readSession, storePanelCode } from '../../session/session.ts';
import { NotificationSettings } from './NotificationSettings.tsx';
import { PushToggle } from './PushToggle.tsx';
import type { LocalRow } from '../../storage/localRecords.ts';
import { markRead, useNotifications } from '../../storage/notifications.ts';
import { usePanelData, type PanelData } from '../../storage/panelData.ts';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/Card.tsx';
import { cx } from '../../ui/cx.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { BellIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { showToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';

export function Notifications() {
  const { t } = useLingui();
  useDocumentTitle(t`Notifications`);
  const opening = useOpenFromPush();
  if (opening) return <Spinner className="mx-auto mt-16 size-8 text-brand-700" />;
  return <WithPanel>{() => <NotificationsPage />}</WithPanel>;
}

/** The inbox, and a second tab with how notifications reach the person (decision 047). */
function NotificationsPage() {
  const { t } = useLingui();
  const [tab, setTab] = useState<'inbox' | 'settings'>('inbox');
  const tabs = [
    { id: 'inbox' as const, label: t`Inbox` },
    { id: 'settings' as const, label: t`Settings` },
  ];
  const tabList = (
    <div role="tablist" aria-label={t`Notifications`} className="mb-6 flex gap-1 border-b border-slate-200">
      {tabs.map((item) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          id={`notifications-tab-${item.id}`}
          aria-selected={tab === item.id}
          aria-controls={`notifications-panel-${item.id}`}
          onClick={() => setTab(item.id)}
          className={cx(
            '-mb-px min-h-11 border-b-2 px-4 text-sm font-medium',
            tab === item.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900',
          )}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
  return tab === 'inbox' ? (
    <Inbox tabs={tabList} />
  ) : (
    <>
      <PageHeader title={<Trans>Notifications</Trans>} />
      {tabList}
      <div role="tabpanel" id="notifications-panel-settings" aria-labelledby="notifications-tab-settings">
        <NotificationSettings />
      </div>
    </>
  );
}

/**
 * A tapped push notification opens `…/Notifications?panel=<code>&entity=…&row=…` (src/sw.ts): its
 * panel becomes the chosen one, and the row's page opens in place of this one.
 */
function useOpenFromPush(): boolean {
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const panel = search.get('panel');
  const entity = search.get('entity');
  const row = search.get('row');
  const page = entity && row ? documentPage(entity, row) : null;
  const opening = Boolean(panel && /^[A-Z0-9]{6,12}$/.test(panel));
  useEffect(() => {
    if (!opening || !panel) return;
    if (readSession().panelCode !== panel) storePanelCode(panel);
    navigate(page ?? paths.notifications, { replace: true });
  }, [opening, panel, page, navigate]);
  return opening;
}

function Inbox({ tabs }: { tabs: ReactNode }) {
  const { i18n } = useLingui();
  const panel = usePanelData();
  const rows = useNotifications(panel);
  const [busy, setBusy] = useState(false);
  if (!rows || !panel) return <Spinner className="mx-auto mt-16 size-8 text-brand-700" />;
  const unread = rows.filter((row) => !row.readAt);
  async function allRead() {
    setBusy(true);
    try {
      await markRead(panel!, unread);
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <PageHeader
        title={<Trans>Notifications</Trans>}
        actions={
          unread.length > 0 && (
            <Button variant="secondary" size="sm" loading={busy} onClick={() => void allRead()}>
              <Trans>Mark all read</Trans>
            </Button>
          )
        }
      />
      {tabs}
      <div role="tabpanel" id="notifications-panel-inbox" aria-labelledby="notifications-tab-inbox">
        <PushToggle />
        {rows.length === 0 ? (
          <EmptyState
            icon={<BellIcon className="size-7" />}
            titleAs="p"
            title={<Trans>No notifications</Trans>}
            description={<Trans>What needs your attention in this panel will appear here.</Trans>}
          />
        ) : (
          <div className="flex flex-col gap-6">
            {byDay(rows).map((group) => (
              <section key={group.day} aria-label={group.day}>
                <h2 className="mb-2 text-sm font-semibold text-slate-600">{group.day}</h2>
                <ul className="flex flex-col divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
                  {group.rows.map((row) => (
                    <li key={row.id}>
                      <Item panel={panel} row={row} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </>
  );
}

function Item({ panel, row }: { panel: PanelData; row: LocalRow }) {
  const { t, i18n } = useLingui();
  const words = i18n._(String(row.messageId ?? ''), notificationValues(row.messageValues));
  const page = typeof row.entityKey === 'string' && typeof row.rowId === 'string' ? documentPage(row.entityKey, row.rowId) : null;
  const unread = !row.readAt;
  const when = formatRelative(String(row.at ?? row.updatedAt));
  const body = (
    <>
      <span aria-hidden="true" className={cx('mt-2 size-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')} />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className={cx('break-words', unread ? 'font-semibold text-slate-900' : 'text-slate-700')}>
          {unread && <span className="sr-only">{t`Unread:`} </span>}
          {words}
        </span>
        <span className="text-xs text-slate-600">{when}</span>
      </span>
    </>
  );
  const classes = 'flex min-h-11 items-start gap-3 px-4 py-3 text-start';
  const open = () => void markRead(panel, [row]).catch(() => {});
  return page ? (
    <Link href={page} onClick={open} className={cx(classes, 'hover:bg-slate-50 focus-visible:bg-slate-50')}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={open} className={cx(classes, 'w-full hover:bg-slate-50')}>
      {body}
    </button>
  );
}
