import { afterEach } from 'vitest';
import { registerFoundModules } from '../../server/modules/discover.ts';
import { takeAnswerDifferences } from './answersAsWritten.ts';
import { installConsoleGuard } from './console.ts';
import { takeServerErrors } from './serverErrors.ts';

registerFoundModules();
// A file that failed in its beforeAll never reached an afterEach: its 5xx answers are its own, not
// the next file's (the files of a worker share this module, decision 031).
takeServerErrors();
installConsoleGuard();

afterEach(() => {
  const serverErrors = takeServerErrors();
  if (serverErrors.length)
    throw new Error(
      `${serverErrors.length} request(s) answered 5xx (a test that means it calls allowServerErrors()):\n${serverErrors.join('\n')}`,
    );
  const differences = takeAnswerDifferences();
  if (differences.length) throw new Error(`a response schema changed ${differences.length} answer(s):\n${differences.join('\n')}`);
});
