/**
 * What the pages and the sheet worker say to each other (decisions 041 and 042), and the page's
 * side: one worker per import or export, each request answered once, in order.
 */
import type { Row } from '../../contract/entity.ts';
import type { Cell, ImportContext, ImportMapping, RowOutcome } from '../../contract/importRows.ts';
import type { WorkbookRequest } from '../spreadsheet/xlsxWorkbook.ts';

export type WorkerRequest =
  | { type: 'read'; data: ArrayBuffer; name: string }
  | { type: 'check'; entity: string; mapping: ImportMapping; context: ImportContext; existing: Row[] }
  /** The bad rows as a sheet, with `column` holding each one's problems (by sheet line). */
  | { type: 'errors'; title: string; column: string; messages: Record<number, string>; rtl: boolean }
  | { type: 'template'; title: string; headers: string[]; example: Cell[]; rtl: boolean }
  /** A list's or a report's sheet as an .xlsx workbook (an export). */
  | { type: 'workbook'; workbook: WorkbookRequest };

export type WorkerAnswer =
  | { type: 'read'; headers: string[]; count: number; sample: Cell[][] }
  | { type: 'checked'; outcomes: RowOutcome[] }
  | { type: 'sheet'; data: ArrayBuffer }
  | { type: 'failed'; message: string };

/** The page's handle on a sheet worker: `ask` sends a request and resolves with its answer. */
export interface SheetWorker {
  ask<A extends WorkerAnswer['type']>(request: WorkerRequest, expect: A): Promise<Extract<WorkerAnswer, { type: A }>>;
  close(): void;
}

export function startSheetWorker(): SheetWorker {
  const worker = new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module' });
  let queue: Promise<unknown> = Promise.resolve();
  return {
    ask(request, expect) {
      const next = queue.then(
        () =>
          new Promise((resolve, reject) => {
            worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
              const answer = event.data;
              if (answer.type === expect) resolve(answer);
              else reject(new Error(answer.type === 'failed' ? answer.message : `unexpected ${answer.type}`));
            };
            worker.onerror = (event) => reject(new Error(event.message));
            const transfer = request.type === 'read' ? [request.data] : [];
            worker.postMessage(request, transfer);
          }),
      );
      queue = next.catch(() => undefined);
      return next as never;
    },
    close: () => worker.terminate(),
  };
}
