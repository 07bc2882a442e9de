import { afterEach } from 'vitest';
import { takeAnswerDifferences } from './answersAsWritten.ts';
import { installConsoleGuard } from './console.ts';
import { takeServerErrors } from './serverErrors.ts';

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
