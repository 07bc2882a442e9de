/**
 * The fourth step of a document import (decision 042): the checked rows grouped into documents
 * (`planDocuments`), each saved and submitted like a form's (`saveAndSubmit`, offline-queued; a
 * draft when the person may not submit). A document whose mark is here already (the same rows
 * imported before, on this device or synced from another) is not made again but reported.
 */
import type { DocumentImport, PlannedDocument } from '../../contract/documentImport.ts';
import { alreadyImported } from '../../contract/documentImport.ts';
import type { Row } from '../../contract/entity.ts';
import { newId } from '../../storage/newId.ts';
import type { DataProvider } from '../../storage/dataProvider.ts';

export interface DocumentImportResult {
  made: Row[];
  /** Documents whose rows were imported before: the document already here. */
  already: Row[];
  /** Documents refused at the write: the plan and the error. */
  failed: { plan: PlannedDocument; error: unknown }[];
  cancelled: boolean;
}

export async function writeDocuments(
  data: Pick<DataProvider, 'create' | 'saveAndSubmit'>,
  spec: DocumentImport,
  plans: readonly PlannedDocument[],
  existing: () => Promise<Row[]>,
  options: { today: string; submit: boolean; signal?: AbortSignal; onProgress?: (done: number, total: number) => void },
): Promise<DocumentImportResult> {
  const result: DocumentImportResult = { made: [], already: [], failed: [], cancelled: false };
  let done = 0;
  const total = plans.reduce((n, p) => n + p.lines.length, 0);
  for (const plan of plans) {
    if (options.signal?.aborted) {
      result.cancelled = true;
      break;
    }
    const before = alreadyImported(spec, await existing(), plan.mark);
    if (before) result.already.push(before);
    else {
      const values = {
        ...spec.fixed(options.today),
        ...plan.group,
        [spec.mark.field]: plan.mark,
        lines: plan.lines.map((line) => ({ id: newId(), ...line })),
      };
      try {
        result.made.push(options.submit ? await data.saveAndSubmit(spec.document, null, values) : await data.create(spec.document, values));
      } catch (error) {
        result.failed.push({ plan, error });
      }
    }
    done += plan.lines.length;
    options.onProgress?.(done, total);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return result;
}
