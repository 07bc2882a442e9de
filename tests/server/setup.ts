import { installConsoleGuard } from './console.ts';

installConsoleGuard();
