/**
 * Who else has this row open (decision 039, usePresence), said above a record's form or page so
 * people stop before they conflict. Only people who may read the row are ever named.
 */
import { Trans } from '@lingui/react/macro';
import { usePresence } from './usePresence.ts';

export function PresenceNote({ entity, id, document = false }: { entity: string; id: string; document?: boolean }) {
  const others = usePresence(entity, id);
  return others.map((name) => (
    <p key={name} role="status" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
      {document ? <Trans>{name} also has this document open</Trans> : <Trans>{name} also has this record open</Trans>}
    </p>
  ));
}
