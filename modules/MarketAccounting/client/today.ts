/** Today in Tehran, as the forms' and reports' default day. */
import { tehranDay } from '../rules/month.ts';

export const tehranToday = (): string => tehranDay(Date.now());
