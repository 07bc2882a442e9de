/**
 * The data contract screens use (react-admin's dataProvider): read lists and rows, create, update
 * and remove. Screens never know whether a row came from this device or the network; writes are
 * queued locally and synced.
 */
import type { Entity, Row } from '../contract/entity.ts';
import { queryList, queryOne, type ListParams, type ListResult } from './listQuery.ts';
import type { LocalRow } from './localRecords.ts';
import { amendDocument, createRow, deleteRow, saveAndSubmit, stepDocument, updateRow, writeRows, type BatchWrite } from './localWrites.ts';
import type { PanelDb } from './PanelDb.ts';

export interface DataProvider {
  getList(entity: Entity, params?: ListParams): Promise<ListResult>;
  getOne(entity: Entity, id: string): Promise<LocalRow | undefined>;
  create(entity: Entity, values: Record<string, unknown>): Promise<Row>;
  /** `seenVersion`: the server version the edit started from, when the row changed since (decision 045). */
  update(entity: Entity, id: string, values: Record<string, unknown>, seenVersion?: number): Promise<Row>;
  remove(entity: Entity, id: string): Promise<void>;
  /** Many creates and updates in one local transaction (an import's batch): each one's error, or null. */
  writeMany(entity: Entity, writes: readonly BatchWrite[]): Promise<(unknown | null)[]>;
  /** Documents: queue the submit or the cancel; copy a cancelled one into a new draft. */
  submit(entity: Entity, id: string): Promise<Row>;
  cancel(entity: Entity, id: string): Promise<Row>;
  amend(entity: Entity, id: string): Promise<Row>;
  /** Documents: save a draft (new when `id` is null) and queue its submit as one write. */
  saveAndSubmit(entity: Entity, id: string | null, values: Record<string, unknown>, seenVersion?: number): Promise<Row>;
}

export function dataProviderFor(db: PanelDb): DataProvider {
  return {
    getList: (entity, params) => queryList(db, entity, params),
    getOne: (entity, id) => queryOne(db, entity, id),
    create: (entity, values) => createRow(db, entity, values),
    update: (entity, id, values, seenVersion) => updateRow(db, entity, id, values, seenVersion),
    remove: (entity, id) => deleteRow(db, entity, id),
    writeMany: (entity, writes) => writeRows(db, entity, writes),
    submit: (entity, id) => stepDocument(db, entity, id, 'submit'),
    cancel: (entity, id) => stepDocument(db, entity, id, 'cancel'),
    amend: (entity, id) => amendDocument(db, entity, id),
    saveAndSubmit: (entity, id, values, seenVersion) => saveAndSubmit(db, entity, id, values, seenVersion),
  };
}
