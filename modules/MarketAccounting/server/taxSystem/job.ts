/** The tax system's sending as the server's scheduled job (every minute; decision 044). */
import type { ModuleJob } from '../../../../server/moduleApi.ts';
import { runTaxSystem } from './run.ts';

export const taxSystemJob: ModuleJob = {
  name: 'tax system',
  everyMs: 60_000,
  run: ({ db, config }, now) =>
    runTaxSystem(db, config.jwtSecret, now, config.taxSystemSandboxUrl ? { endpoints: { sandbox: config.taxSystemSandboxUrl } } : {}),
};
