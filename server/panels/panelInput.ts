/**
 * Checking what a client sends about a panel: its details (name, icon, company), the modules to
 * enable and their icons. Problems come back per field, as for entity writes.
 */
import { Code } from '../../src/contract/codes.ts';
import { normalizeText } from '../../src/contract/fields.ts';
import { MONEY_UNITS } from '../../src/contract/money.ts';
import { normalizePostalCode, toAsciiDigits } from '../../src/contract/normalize.ts';
import type { PanelDetails } from '../../src/contract/panels.ts';
import { moduleByKey, modules, withDependencies } from '../../src/contract/modules.ts';
import type { ModuleKey } from '../../src/contract/routes.ts';

export type DetailsProblem = 'required' | 'type' | 'range' | 'format' | 'option';

export class PanelInputError extends Error {
  override name = 'PanelInputError';
  constructor(
    readonly code: number,
    readonly fields: Record<string, DetailsProblem>,
  ) {
    super('invalid panel input');
  }
}

const ICON_KEY = /^[A-Za-z0-9_-]{0,40}$/;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

type Checked = { value: string } | { problem: DetailsProblem };
type Rule = (value: string) => Checked;

const valid = (value: string): Checked => ({ value });
const wrong = (problem: DetailsProblem): Checked => ({ problem });

const text =
  (max: number, { required = false, multiline = false } = {}): Rule =>
  (value) => {
    const v = normalizeText(value, multiline);
    if (v === null) return wrong('format');
    if (required && !v) return wrong('required');
    return v.length > max ? wrong('range') : valid(v);
  };
const digits =
  (pattern: RegExp): Rule =>
  (value) => {
    const v = toAsciiDigits(value).replace(/[\s-]/g, '');
    return v === '' || pattern.test(v) ? valid(v) : wrong('format');
  };

const detailRules: Record<keyof PanelDetails, Rule> = {
  name: text(80, { required: true }),
  icon: (v) => (ICON_KEY.test(v) ? valid(v) : wrong('format')),
  companyName: text(120),
  economicCode: digits(/^\d{10,16}$/),
  nationalId: digits(/^\d{10,11}$/),
  phone: (v) => {
    const t = toAsciiDigits(v).trim();
    return t === '' || /^\+?[0-9][0-9\s()-]{3,19}$/.test(t) ? valid(t) : wrong('format');
  },
  address: text(500, { multiline: true }),
  moneyUnit: (v) => (v === '' ? valid('rial') : (MONEY_UNITS as readonly string[]).includes(v) ? valid(v) : wrong('option')),
  postalCode: (v) => {
    if (v.trim() === '') return valid('');
    const code = normalizePostalCode(v);
    return code ? valid(code) : wrong('format');
  },
};

/** The details present in `input` (all of them when `complete`, missing ones empty), normalised. */
export function parseDetails(input: Record<string, unknown>, complete: boolean): Partial<PanelDetails> {
  // Each rule answers only its field's values (moneyUnit: one of MONEY_UNITS).
  const out: Partial<Record<keyof PanelDetails, string>> = {};
  const fields: Record<string, DetailsProblem> = {};
  for (const [name, rule] of Object.entries(detailRules) as [keyof PanelDetails, Rule][]) {
    const raw = input[name];
    if ((raw === undefined || raw === null) && !complete) continue;
    const checked =
      raw === undefined || raw === null ? rule('') : typeof raw === 'string' && !CONTROL.test(raw) ? rule(raw) : wrong('type');
    if ('problem' in checked) fields[name] = checked.problem;
    else out[name] = checked.value;
  }
  if (Object.keys(fields).length) throw new PanelInputError(Code.BadRequest, fields);
  return out as Partial<PanelDetails>;
}

/**
 * The enabled modules in the order of `moduleKeys`, PanelManagement (which cannot be disabled)
 * among them: added on registration, required (9400) on a change.
 */
/**
 * The modules to enable: only modules that exist (a panel never enables one whose screens are not
 * built), with the modules they depend on, and the always-on ones. Disabling an always-on module
 * is refused (9400); registration adds them.
 */
export function parseModules(raw: unknown, addAlwaysOn: boolean): ModuleKey[] {
  const given = raw === undefined && addAlwaysOn ? [] : raw;
  if (!Array.isArray(given) || !given.every((m) => typeof m === 'string' && moduleByKey(m)?.key === m)) {
    throw new PanelInputError(Code.BadRequest, { modules: 'option' });
  }
  const alwaysOn = modules()
    .filter((m) => m.alwaysOn)
    .map((m) => m.key);
  if (!addAlwaysOn && alwaysOn.some((k) => !given.includes(k))) throw new PanelInputError(Code.InvalidOperation, { modules: 'required' });
  return withDependencies([...alwaysOn, ...(given as string[])]) as ModuleKey[];
}

export function parseModuleIcons(raw: unknown): Partial<Record<ModuleKey, string>> | undefined {
  if (raw === undefined) return undefined;
  const ok =
    typeof raw === 'object' &&
    raw !== null &&
    !Array.isArray(raw) &&
    Object.entries(raw).every(([k, v]) => moduleByKey(k)?.key === k && typeof v === 'string' && ICON_KEY.test(v));
  if (!ok) throw new PanelInputError(Code.BadRequest, { moduleIcons: 'option' });
  return raw as Partial<Record<ModuleKey, string>>;
}
