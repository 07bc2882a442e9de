/**
 * Cross-module posting (documents.md): a module may follow another's documents — accounting posts
 * a voucher when a receipt or an invoiced sale is submitted, and reverses it when that is
 * cancelled — without the source knowing of it. A follower runs in the same transaction; a
 * rejection it throws refuses the step. It follows a submit only while its own module is enabled
 * in the panel, but a cancel always (decision 017): whatever the submit posted is reversed even if
 * the follower's module has been turned off since, so turning it on again finds books that agree
 * with the documents. A follower's cancel therefore reverses what it posted for the document, and
 * nothing when it posted nothing.
 */
import type { Entity, Row } from '../../src/contract/entity.ts';
import type { WriteContext } from './writeContext.ts';

export type DocumentStep = 'submitted' | 'cancelled';

export interface DocumentFollower {
  /** The module that follows (its handler follows a submit only while the panel has it enabled; a cancel always). */
  module: string;
  /** The followed document's key, `<Module>/<Entity>`. */
  document: string;
  on: (ctx: WriteContext, step: DocumentStep, doc: Row) => Promise<void>;
}

let followers: readonly DocumentFollower[] = [];

/** The modules' followers (wired when the modules are registered, server/modules/serverModule.ts). */
export function registerFollowers(list: readonly DocumentFollower[]): void {
  followers = list;
}

export async function documentEvents(ctx: WriteContext, entity: Entity, step: DocumentStep, doc: Row): Promise<void> {
  for (const follower of followers) {
    if (follower.document !== entity.key) continue;
    if (step === 'cancelled' || ctx.access.modules.includes(follower.module)) await follower.on(ctx, step, doc);
  }
}
