/**
 * Reminders on schedule (decision 038): what a module asks the schedule to look for in its rows
 * (a cheque due tomorrow), and one run of the schedule over every panel. A run takes a
 * transaction-level advisory lock first (`pg_try_advisory_xact_lock`): while one process of the
 * cluster runs, another's attempt finds it held and does nothing. A reminder carries a once-key
 * (kind, row, due date, recipient) kept under a unique index, so whichever process runs next, the
 * same thing is never reminded of twice.
 */
import { entityByKey } from '../../src/contract/modules.ts';
import type { Label } from '../../src/contract/fields.ts';
import type { Row } from '../../src/contract/entity.ts';
import type { Db } from '../db/Db.ts';
import { selectRows } from '../entities/entityStore.ts';
import { lockPanelWrites } from '../db/changeLog.ts';
import { releaseHeld } from './channels.ts';
import type { KindPreference } from './kinds.ts';
import { deliver, DeliveryRun, recipientsOf, type Recipients } from './notifications.ts';

export interface ReminderDeclaration {
  /** The event's name; the notification's kind is `<Module>/<event>`. */
  event: string;
  /** The entity (of the module) whose rows it reminds of. */
  entity: string;
  /**
   * The SQL condition of the rows due a reminder on `day` (the panels' calendar, Asia/Tehran):
   * it pushes its values onto `params` (the panel is `$1`) and names them, as `selectRows` asks.
   */
  due: (params: unknown[], day: { today: string; tomorrow: string }) => string;
  /**
   * What makes it a new reminder beside its kind and row: the due date (a cheque moved to another
   * day is reminded of again), or the day of the run (a product still below its reorder point is
   * reminded of once a day).
   */
  onceBy: (row: Row, day: { today: string; tomorrow: string }) => string;
  to: Recipients;
  /** Never these of the recipients: the Member a field of the row names (a punch's own maker is not asked to review it). */
  except?: { field: string };
  message: Label;
  values?: (row: Row) => Record<string, string | number>;
  /** What the preferences call it, from the module's catalogue, and how it may reach people (decision 047). */
  preference: KindPreference;
}

/** The cluster-wide lock of a run (any fixed number; the migration lock is another). */
const LOCK = [0x70697368, 0x72656d69] as const;

const tehranDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today and tomorrow in the panels' zone, as 'YYYY-MM-DD'. */
export function reminderDays(now: Date): { today: string; tomorrow: string } {
  const today = tehranDay.format(now);
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { today, tomorrow: next.toISOString().slice(0, 10) };
}

export interface RunFigures {
  panels: number;
  /** Rows the conditions found due. */
  due: number;
  /** Notifications written (a row already reminded of writes none). */
  delivered: number;
  /** Pushes and texts held by quiet hours that ended, sent by this run. */
  released: number;
  ms: number;
}

/**
 * One run over every panel: null when another process holds the run's lock. Every delivery is in
 * the run's one transaction, each panel's under its write lock, so a device pulls them in order.
 */
let declared: readonly { module: string; reminder: ReminderDeclaration }[] = [];

/** The modules' reminders (wired when the modules are registered, server/modules/serverModule.ts). */
export function registerReminders(list: readonly { module: string; reminder: ReminderDeclaration }[]): void {
  declared = list;
}

export async function runReminders(db: Db, now: Date): Promise<RunFigures | null> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS held', LOCK);
    if (!lock?.held) return null;
    const day = reminderDays(now);
    // What quiet hours held back and may go now (decision 047): taken once, under the run's lock.
    const figures: RunFigures = { panels: 0, due: 0, delivered: 0, released: await releaseHeld(tx, now), ms: 0 };
    if (!declared.length) return figures;
    const panels = await tx.query<{ id: string; owner_user_id: string; modules: unknown }>(
      'SELECT id, owner_user_id, modules FROM panels ORDER BY id',
    );
    for (const panel of panels) {
      const enabled = Array.isArray(panel.modules) ? (panel.modules as string[]) : [];
      const mine = declared.filter((d) => enabled.includes(d.module));
      if (!mine.length) continue;
      figures.panels++;
      let locked = false;
      const run = new DeliveryRun();
      for (const { module, reminder } of mine) {
        const entity = entityByKey(`${module}/${reminder.entity}`);
        if (!entity) continue;
        const rows = await selectRows(tx, entity, panel.id, (params) => reminder.due(params, day));
        figures.due += rows.length;
        if (!rows.length) continue;
        if (!locked) await lockPanelWrites(tx, panel.id);
        locked = true;
        const kind = `${module}/${reminder.event}`;
        await run.knowDelivered(tx, panel.id, kind);
        // By role, the recipients are the same for every row: asked once.
        const byRole = 'permission' in reminder.to ? await recipientsOf(tx, panel.id, entity, rows[0]!, reminder.to) : null;
        for (const row of rows) {
          let recipients = byRole ?? (await recipientsOf(tx, panel.id, entity, row, reminder.to));
          if (reminder.except) {
            const left = new Set(await recipientsOf(tx, panel.id, entity, row, reminder.except));
            recipients = recipients.filter((userId) => !left.has(userId));
          }
          const notice = {
            kind,
            entity,
            row,
            message: reminder.message,
            values: reminder.values?.(row) ?? {},
            onceKey: `${kind}:${row.id}:${reminder.onceBy(row, day)}`,
          };
          figures.delivered += await deliver(tx, { id: panel.id, now, byUserId: String(panel.owner_user_id) }, notice, recipients, run);
        }
      }
    }
    figures.ms = Math.round(performance.now() - started);
    return figures;
  });
}

/** Runs the schedule every `everyMs` in this process (each run does nothing while another process runs one). */
export function startReminders(db: Db, now: () => Date, everyMs: number, onError: (error: unknown) => void): { stop(): void } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runReminders(db, now())
      .catch(onError)
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
