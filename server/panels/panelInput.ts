/**
 * Checking what a client sends about a panel: its details (name, icon, company), the modules to
 * enable and their icons. Problems come back per field, as for entity writes.
 */
import { Code } from '../../src/contract/codes.ts';
import { normalizePostalCode, toAsciiDigits } from '../../src/contract/normalize.ts';
import type { PanelDetails } from '../../src/contract/panels.ts';
import { moduleKeys, type ModuleKey } from '../../src/contract/routes.ts';

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

const text = (max: number, required = false): Rule => (value) => {
  const v = value.trim();
  if (required && !v) return wrong('required');
  return v.length > max ? wrong('range') : valid(v);
};
const digits = (pattern: RegExp): Rule => (value) => {
  const v = toAsciiDigits(value).replace(/[\s-]/g, '');
  return v === '' || pattern.test(v) ? valid(v) : wrong('format');
};

const detailRules: Record<keyof PanelDetails, Rule> = {
  name: text(80, true),
  icon: (v) => (ICON_KEY.test(v) ? valid(v) : wrong('format')),
  companyName: text(120),
  economicCode: digits(/^\d{10,16}$/),
  nationalId: digits(/^\d{10,11}$/),
  phone: (v) => {
    const t = toAsciiDigits(v).trim();
    return t === '' || /^\+?[0-9][0-9\s()-]{3,19}$/.test(t) ? valid(t) : wrong('format');
  },
  address: text(500),
  postalCode: (v) => {
    if (v.trim() === '') return valid('');
    const code = normalizePostalCode(v);
    return code ? valid(code) : wrong('format');
  },
};

/** The details present in `input` (all of them when `complete`, missing ones empty), normalised. */
export function parseDetails(input: Record<string, unknown>, complete: boolean): Partial<PanelDetails> {
  const out: Partial<PanelDetails> = {};
  const fields: Record<string, DetailsProblem> = {};
  for (const [name, rule] of Object.entries(detailRules) as [keyof PanelDetails, Rule][]) {
    const raw = input[name];
    if ((raw === undefined || raw === null) && !complete) continue;
    const checked = raw === undefined || raw === null ? rule('') : typeof raw === 'string' && !CONTROL.test(raw) ? rule(raw) : wrong('type');
    if ('problem' in checked) fields[name] = checked.problem;
    else out[name] = checked.value;
  }
  if (Object.keys(fields).length) throw new PanelInputError(Code.BadRequest, fields);
  return out;
}

/**
 * The enabled modules in the order of `moduleKeys`, PanelManagement (which cannot be disabled)
 * among them: added on registration, required (9400) on a change.
 */
export function parseModules(raw: unknown, addPanelManagement: boolean): ModuleKey[] {
  const given = raw === undefined && addPanelManagement ? [] : raw;
  if (!Array.isArray(given) || !given.every((m) => (moduleKeys as readonly unknown[]).includes(m))) {
    throw new PanelInputError(Code.BadRequest, { modules: 'option' });
  }
  if (!given.includes('PanelManagement') && !addPanelManagement) throw new PanelInputError(Code.InvalidOperation, { modules: 'required' });
  return moduleKeys.filter((m) => m === 'PanelManagement' || given.includes(m));
}

export function parseModuleIcons(raw: unknown): Partial<Record<ModuleKey, string>> | undefined {
  if (raw === undefined) return undefined;
  const ok =
    typeof raw === 'object' &&
    raw !== null &&
    !Array.isArray(raw) &&
    Object.entries(raw).every(([k, v]) => (moduleKeys as readonly string[]).includes(k) && typeof v === 'string' && ICON_KEY.test(v));
  if (!ok) throw new PanelInputError(Code.BadRequest, { moduleIcons: 'option' });
  return raw as Partial<Record<ModuleKey, string>>;
}
