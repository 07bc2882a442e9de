/** Every warehousing screen's full path by its route's name, derived from module.ts (where routes are declared once). */
import { modulePaths } from '@/contract/module.ts';
import module from '../module.ts';

export const wh = modulePaths(module);

export { withQuery } from '@/contract/routes.ts';
