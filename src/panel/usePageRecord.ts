/**
 * The validity check of a details page (spec section 4: "a page whose validity check fails also
 * yields 404"): the record its address names (`?id=`), or why the page is not valid. Every page
 * that shows one record reads it through here and draws `RecordNotFound` for a failed check, so
 * the rule is written once.
 *
 * Offline-first, "not on this device" is not "does not exist": a record may be on the server and
 * not pulled yet (a first sync still running, a link from a colleague made after the last pull).
 * So a miss asks the panel's sync engine for a round (joining the one running, if any) and only
 * once that round has ended is the page declared not found; the row appearing at any time after
 * (the hooks are live) turns the page into the record.
 */
import { useEffect, useState } from 'react';
import type { Entity } from '../contract/entity.ts';
import type { LocalRow } from '../storage/localRecords.ts';
import { usePanelData } from '../storage/panelData.ts';
import type { SyncOutcome } from '../storage/SyncEngine.ts';
import { useOne } from '../storage/useData.ts';

export type NotFoundReason =
  /** The address names no record. */
  | 'noId'
  /** Neither this device nor the server (asked just now) has it. */
  | 'missing'
  /** Not on this device, and the server could not be asked (offline, or it failed). */
  | 'unchecked';

export type PageRecord =
  | { status: 'loading'; row?: undefined }
  | { status: 'found'; row: LocalRow }
  | { status: 'notFound'; reason: NotFoundReason; row?: undefined };

const loading: PageRecord = { status: 'loading' };

export function usePageRecord(entity: Entity, id: string | null | undefined): PageRecord {
  const panel = usePanelData();
  const { data: row } = useOne(entity, id);
  const missing = Boolean(id) && row === null;
  const key = `${panel?.key ?? ''}\n${entity.key}\n${id ?? ''}`;
  const [asked, setAsked] = useState<{ key: string; outcome: SyncOutcome } | null>(null);

  useEffect(() => {
    if (!missing || !panel) return;
    let live = true;
    void panel.engine.syncNow().then((outcome) => {
      if (live) setAsked({ key, outcome });
    });
    return () => {
      live = false;
    };
  }, [missing, panel, key]);

  if (!id) return { status: 'notFound', reason: 'noId' };
  if (row) return { status: 'found', row };
  if (row === undefined) return loading;
  if (!panel) return { status: 'notFound', reason: 'missing' };
  if (asked?.key !== key) return loading;
  return { status: 'notFound', reason: asked.outcome === 'failed' ? 'unchecked' : 'missing' };
}
