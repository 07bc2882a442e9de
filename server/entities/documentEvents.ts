/**
 * Published document events (docs/decisions/033-published-document-events.md): a module publishes
 * what happens to one of its documents (submitted, cancelled) as a typed payload that its own
 * server code builds from its own rows; another module follows that event by importing the
 * handle from the publisher's `server/exports.ts`, and names the publisher in its `listensTo`.
 * Nobody reads another module's tables or fields by name, and a renamed payload field fails the
 * type check of every follower.
 *
 * A follower runs in the same transaction; a rejection it throws refuses the step. It follows a
 * submit only while its own module is enabled in the panel, but a cancel always (decision 017):
 * whatever the submit posted is reversed even if the follower's module has been turned off since,
 * so turning it on again finds books that agree with the documents. A follower's cancel therefore
 * reverses what it posted for the document, and nothing when it posted nothing.
 */
import { isDocument, type DocumentStatus, type Entity, type Row } from '../../src/contract/entity.ts';
import type { Queryable } from '../db/Db.ts';
import { selectRows } from './entityStore.ts';
import type { WriteContext } from './writeContext.ts';

export type DocumentStep = 'submitted' | 'cancelled';

/** Where a payload builder reads: the step's transaction and the panel being written (never another). */
export interface PublishScope {
  q: Queryable;
  panelId: string;
}

/** One document's published event: the publisher's own entity and how its payloads are built. */
export interface DocumentEvent<P = unknown> {
  /** The publishing document (its key is the event's name and the source type followers record). */
  readonly document: Entity;
  /** The payloads of these rows of the document, in their order, read from `scope` only. */
  readonly build: (scope: PublishScope, docs: readonly Row[]) => Promise<P[]>;
}

export interface DocumentFollower {
  /** The module that follows (its handler follows a submit only while the panel has it enabled; a cancel always). */
  readonly module: string;
  readonly event: DocumentEvent;
  readonly on: (ctx: WriteContext, step: DocumentStep, payload: unknown) => Promise<void>;
}

/** Declares an event of one of the publisher's documents (listed in its server part's `publishes`). */
export function defineDocumentEvent<P>(
  document: Entity,
  build: (scope: PublishScope, docs: readonly Row[]) => Promise<P[]>,
): DocumentEvent<P> {
  if (!isDocument(document)) throw new Error(`${document.key} is not a document: only documents publish events`);
  return { document, build };
}

/** A follower of `event` for `module`, its handler typed by the event's payload. */
export function followDocument<P>(
  module: string,
  event: DocumentEvent<P>,
  on: (ctx: WriteContext, step: DocumentStep, payload: P) => Promise<void>,
): DocumentFollower {
  return { module, event, on: (ctx, step, payload) => on(ctx, step, payload as P) };
}

let published: readonly DocumentEvent[] = [];
let followers: readonly DocumentFollower[] = [];

/** The modules' published events and followers (wired when the modules are registered, server/modules/serverModule.ts). */
export function registerDocumentEvents(events: readonly DocumentEvent[], list: readonly DocumentFollower[]): void {
  published = events;
  followers = list;
}

/** The events published for this document. */
function publishedFor(entity: Entity): readonly DocumentEvent[] {
  return published.filter((event) => event.document.key === entity.key);
}

export async function documentEvents(ctx: WriteContext, entity: Entity, step: DocumentStep, doc: Row): Promise<void> {
  for (const event of publishedFor(entity)) {
    const active = followers.filter(
      (f) => f.event.document.key === event.document.key && (step === 'cancelled' || ctx.access.modules.includes(f.module)),
    );
    if (!active.length) continue;
    const [payload] = await event.build({ q: ctx.tx, panelId: ctx.access.id }, [doc]);
    for (const follower of active) await follower.on(ctx, step, payload);
  }
}

/** A published document as it stands, with its payload: what the books audit recomputes a follower's postings from. */
export interface PublishedDocument<P> {
  id: string;
  number: string | null;
  status: DocumentStatus;
  payload: P;
}

/** Every document of `event` in the panel, with its payload. */
export async function publishedDocuments<P>(scope: PublishScope, event: DocumentEvent<P>): Promise<PublishedDocument<P>[]> {
  const rows = await selectRows(scope.q, event.document, scope.panelId);
  const payloads = await event.build(scope, rows);
  return rows.map((row, i) => ({
    id: row.id,
    number: (row.number as string | null) ?? null,
    status: row.status as DocumentStatus,
    payload: payloads[i]!,
  }));
}
