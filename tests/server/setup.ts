import { afterEach } from 'vitest';
import { takeAnswerDifferences } from './answersAsWritten.ts';
import { installConsoleGuard } from './console.ts';

installConsoleGuard();

afterEach(() => {
  const differences = takeAnswerDifferences();
  if (differences.length) throw new Error(`a response schema changed ${differences.length} answer(s):\n${differences.join('\n')}`);
});
