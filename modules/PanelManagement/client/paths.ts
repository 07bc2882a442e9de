/** Every panel management screen's full path by its route's name, derived from module.ts (where routes are declared once). */
import { modulePaths } from '@/contract/module.ts';
import module from '../module.ts';

export const pm = modulePaths(module);
