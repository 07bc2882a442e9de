/**
 * What every write knows: the transaction (holding the panel's write lock), who writes in which
 * panel with which permissions, the time from the server's clock and the language of messages.
 * `RuleRejection` is how a rule says no; the one mutation path turns it into a rejected result.
 */
import type { WriteFieldReason } from '../../src/contract/entity.ts';
import type { Queryable } from '../db/Db.ts';
import type { Lang } from '../i18n/messages.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import type { ActivityJournal } from './activityLog.ts';

export interface WriteContext {
  tx: Queryable;
  access: PanelAccess;
  userId: string;
  now: Date;
  lang: Lang;
  /** Collects the audit rows of a pushed batch, written when the batch ends; without it they are written at once. */
  journal?: ActivityJournal;
  /** Set while another document's step makes or cancels this one (madeDocuments.ts): the maker. */
  madeBy?: { entity: string; id: string };
}

export class RuleRejection extends Error {
  override name = 'RuleRejection';
  constructor(
    readonly code: number,
    readonly fields?: Record<string, WriteFieldReason>,
    readonly extra: {
      /** What the module says about it, for its screens to put in words (e.g. the stock each line lacks). */
      detail?: unknown;
      /** With 9403: how long until the rule lets it through (Retry-After over REST). */
      retryAfterMs?: number;
    } = {},
  ) {
    super(`rule rejected with code ${code}`);
  }

  get detail(): unknown {
    return this.extra.detail;
  }

  get retryAfterMs(): number | undefined {
    return this.extra.retryAfterMs;
  }
}
