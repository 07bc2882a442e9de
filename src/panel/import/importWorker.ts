/**
 * The sheet worker (decisions 041 and 042): reads an import's file, checks its rows and writes
 * sheets (templates, errors, and every export's workbook) off the page's thread, so a file of ten
 * thousand rows never freezes the screen and exceljs is in the app once, here. It keeps the rows
 * it read; the page sends the mapping and the rows already here, and gets back each row's outcome.
 */
/// <reference lib="webworker" />
import type { ModuleDeclaration } from '../../contract/module.ts';
import { importTarget, registerModules } from '../../contract/modules.ts';
import { checkImportRows, type Cell } from '../../contract/importRows.ts';
import { readSheet, writeSheet } from './sheetFiles.ts';
import { workbookBytes } from '../spreadsheet/xlsxWorkbook.ts';
import type { WorkerAnswer, WorkerRequest } from './importProtocol.ts';

const declarations = import.meta.glob<ModuleDeclaration>('../../../modules/*/module.ts', { eager: true, import: 'default' });
registerModules(Object.values(declarations));

let rows: Cell[][] = [];
let headers: string[] = [];

const scope = self as unknown as DedicatedWorkerGlobalScope;
const answer = (message: WorkerAnswer, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    switch (request.type) {
      case 'read': {
        const sheet = await readSheet(request.data, request.name);
        rows = sheet.rows;
        headers = sheet.headers;
        answer({ type: 'read', headers, count: rows.length, sample: rows.slice(0, 3) });
        return;
      }
      case 'check': {
        const entity = importTarget(request.entity)?.entity;
        if (!entity) throw new Error(`unknown entity ${request.entity}`);
        const outcomes = checkImportRows(entity, rows, request.mapping, request.context, request.existing);
        answer({ type: 'checked', outcomes });
        return;
      }
      case 'errors': {
        const bad = rows.flatMap((cells, i) => {
          const message = request.messages[i + 2];
          return message === undefined ? [] : [[...headers.map((_, c) => cells[c] ?? null), message]];
        });
        const data = await writeSheet(request.title, [...headers, request.column], bad, request.rtl);
        answer({ type: 'sheet', data }, [data]);
        return;
      }
      case 'workbook': {
        const data = await workbookBytes(request.workbook);
        answer({ type: 'sheet', data }, [data]);
        return;
      }
      case 'template': {
        const data = await writeSheet(request.title, request.headers, [request.example], request.rtl);
        answer({ type: 'sheet', data }, [data]);
        return;
      }
    }
  } catch (error) {
    answer({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
