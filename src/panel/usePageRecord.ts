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
 *
 * An entity with a window of history (decision 050) keeps only its recent rows here: a miss that
 * the sync round did not fill is asked of the server (`GET /api/<Module>/<Entity>/<id>`), and the
 * row it answers is stored as a synced row, so the page (and its edit, cancel, amend) works as for
 * any row; while the page shows it, a pull that brings it (its own cancel) refreshes it rather than
 * evicting it from under the page (`keepWhileShown`). Offline, such a miss is 'needsConnection': the row may well be older than this device
 * keeps, which is no reason for a 404.
 */
import { useEffect, useState } from 'react';
import { fetchRowToDevice, type FetchedRow } from '../storage/beyondWindow.ts';
import type { Entity } from '../contract/entity.ts';
import type { LocalRow } from '../storage/localRecords.ts';
import { usePanelData } from '../storage/panelData.ts';
import type { SyncOutcome } from '../storage/SyncEngine.ts';
import { useOne } from '../storage/useData.ts';
import { useWindowStart } from '../storage/syncWindow.ts';
import { keepWhileShown } from '../storage/windowEviction.ts';
import { useOnline } from '../ui/useOnline.ts';

export type NotFoundReason =
  /** The address names no record. */
  | 'noId'
  /** Neither this device nor the server (asked just now) has it. */
  | 'missing'
  /** Not on this device, and the server could not be asked (offline, or it failed). */
  | 'unchecked'
  /** Not on this device, whose window of history may not reach it, and the server could not be asked. */
  | 'needsConnection';

export type PageRecord =
  | { status: 'loading'; row?: undefined }
  | { status: 'found'; row: LocalRow }
  | { status: 'notFound'; reason: NotFoundReason; row?: undefined };

const loading: PageRecord = { status: 'loading' };

export function usePageRecord(entity: Entity, id: string | null | undefined): PageRecord {
  const panel = usePanelData();
  const { data: row } = useOne(entity, id);
  const windowStart = useWindowStart(entity);
  const windowed = Boolean(entity.window && windowStart);
  const online = useOnline();
  const missing = Boolean(id) && row === null;
  // Coming back online asks again (a page beyond the window waits for a connection).
  const key = `${panel?.key ?? ''}\n${entity.key}\n${id ?? ''}\n${windowed}\n${online}`;
  const [asked, setAsked] = useState<{ key: string; outcome: SyncOutcome; fetched?: FetchedRow } | null>(null);

  // A row this page shows stays on the device while it does, whatever a pull says of its date.
  useEffect(() => (panel && id && entity.window ? keepWhileShown(panel.db, entity, id) : undefined), [panel, entity, id]);

  useEffect(() => {
    if (!missing || !panel || !id) return;
    let live = true;
    void (async () => {
      const outcome = await panel.engine.syncNow();
      // The round may have brought it; if not, a windowed entity's row may be older than this device keeps.
      const fetched = windowed && live && !(await panel.db.rows(entity).get(id)) ? await fetchRowToDevice(panel, entity, id) : undefined;
      if (live) setAsked({ key, outcome, ...(fetched ? { fetched } : {}) });
    })();
    return () => {
      live = false;
    };
  }, [missing, panel, key, windowed, entity, id]);

  if (!id) return { status: 'notFound', reason: 'noId' };
  if (row) return { status: 'found', row };
  if (row === undefined) return loading;
  if (!panel) return { status: 'notFound', reason: 'missing' };
  if (asked?.key !== key) return loading;
  // Stored just now: the live row follows.
  if (asked.fetched === 'stored') return loading;
  if (asked.fetched === 'failed') return { status: 'notFound', reason: 'needsConnection' };
  if (asked.fetched === 'missing') return { status: 'notFound', reason: 'missing' };
  return { status: 'notFound', reason: asked.outcome === 'failed' ? 'unchecked' : 'missing' };
}
