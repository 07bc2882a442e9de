import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Entity } from '../contract/entity.ts';
import { useWindowStart } from '../storage/syncWindow.ts';
import { Alert } from '../ui/Alert.tsx';
import { buttonClasses } from '../ui/Button.tsx';
import { PageNotFound } from '../ui/PageNotFound.tsx';
import type { NotFoundReason } from './usePageRecord.ts';
import { formatDate, inSentence } from '../i18n/format.ts';

/**
 * A details page whose record is not there: the 404 'Page Not Found: {path}' with what the check
 * found, and the way back to the entity's list when the page knows it. A record this device does
 * not keep (older than its window of history, decision 050) with no server to ask is no 404: the
 * page says it needs a connection, and turns into the record once there is one.
 */
export function RecordNotFound({
  entity,
  reason,
  back,
}: {
  entity: Entity;
  reason: NotFoundReason;
  back?: { href: string; label: ReactNode };
}) {
  const { t, i18n } = useLingui();
  const windowStart = useWindowStart(entity);
  const singular = inSentence(i18n._(entity.label));
  const actions = back ? (
    <Link href={back.href} className={buttonClasses('primary')}>
      {back.label}
    </Link>
  ) : undefined;
  if (reason === 'needsConnection') {
    const from = windowStart ? formatDate(windowStart) : '';
    return (
      <section className="mx-auto grid w-full max-w-lg gap-6 py-12" data-testid="needs-connection">
        <h1 className="text-center text-2xl font-bold text-slate-900">{t`This needs a connection`}</h1>
        <Alert tone="warning">
          {from
            ? t`This ${singular} is not on this device, which keeps those from ${from} on: it is probably older. It needs a connection to be shown, and appears here once you are connected.`
            : t`This ${singular} is not on this device. It needs a connection to be shown, and appears here once you are connected.`}
        </Alert>
        {actions && <div className="flex justify-center">{actions}</div>}
      </section>
    );
  }
  const words: Record<Exclude<NotFoundReason, 'needsConnection'>, string> = {
    noId: t`This address does not say which ${singular} to show.`,
    missing: t`There is no ${singular} with this address: it was deleted, or it never existed, or your role does not let you see it.`,
    unchecked: t`This ${singular} is not on this device, and the server could not be asked for it. It will appear here once you are connected, if it exists.`,
  };
  return <PageNotFound reason={words[reason]} actions={actions} />;
}
