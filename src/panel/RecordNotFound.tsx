import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Entity } from '../contract/entity.ts';
import { buttonClasses } from '../ui/Button.tsx';
import { PageNotFound } from '../ui/PageNotFound.tsx';
import type { NotFoundReason } from './usePageRecord.ts';
import { inSentence } from '../i18n/format.ts';

/**
 * A details page whose record is not there: the 404 'Page Not Found: {path}' with what the check
 * found, and the way back to the entity's list when the page knows it.
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
  const singular = inSentence(i18n._(entity.label));
  const words: Record<NotFoundReason, string> = {
    noId: t`This address does not say which ${singular} to show.`,
    missing: t`There is no ${singular} with this address: it was deleted, or it never existed, or your role does not let you see it.`,
    unchecked: t`This ${singular} is not on this device, and the server could not be asked for it. It will appear here once you are connected, if it exists.`,
  };
  return (
    <PageNotFound
      reason={words[reason]}
      actions={
        back ? (
          <Link href={back.href} className={buttonClasses('primary')}>
            {back.label}
          </Link>
        ) : undefined
      }
    />
  );
}
