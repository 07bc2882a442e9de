/**
 * Vitest's order, except that the test files known to take longest start first in their project.
 * Vitest puts the longest first only when its cache holds an earlier run's durations; a fresh
 * clone (CI) has none, so it starts the largest files first, and these short files that run for
 * a minute or more (2,000 scans, every migration from nothing, real server processes, property
 * runs) started last, one worker running one alone while the other sat idle (decision 031).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const slowFiles = [
  'modules/WarehousingMVM/tests/server/countByThreePhones.test.ts',
  'tests/server/migrate.test.ts',
  'tests/server/lifecycle.test.ts',
  'tests/server/rateLimit.test.ts',
  'tests/server/sync.property.test.ts',
  'tests/server/backupServer.test.ts',
  'modules/WarehousingMVM/tests/server/movements.property.test.ts',
  'modules/WarehousingMVM/tests/server/documents.property.test.ts',
  'tests/server/buildFiles.test.ts',
  'tests/server/panels.test.ts',
  'tests/server/books.property.test.ts',
  'modules/MarketAccounting/tests/server/invoices.property.test.ts',
  'modules/MarketAccounting/tests/server/accounting.test.ts',
  // End-to-end files of two minutes and more: begun last, one would run alone at the end.
  'tests/e2e/phoneSweep.test.ts',
  'tests/e2e/routes.test.ts',
  'modules/PanelManagement/tests/e2e/panelsScreens.test.ts',
  'tests/e2e/syncConflicts.test.ts',
  'modules/HumanResource/tests/e2e/clockIn.test.ts',
  'modules/NagemManagement/tests/e2e/sales.test.ts',
  'tests/e2e/accountScreens.test.ts',
];

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projectOrder = [...new Set(sorted.map((f) => f.project.name))];
    const rank = (file: TestSpecification) => {
      const at = slowFiles.indexOf(relative(file.project.config.root, file.moduleId));
      return at < 0 ? slowFiles.length : at;
    };
    // Array.prototype.sort is stable: within a rank, Vitest's own order stays.
    return [...sorted].sort((a, b) => projectOrder.indexOf(a.project.name) - projectOrder.indexOf(b.project.name) || rank(a) - rank(b));
  }
}
