/**
 * A person's name in parts (hr-attendance.md, Personnel: first and last name) and whole: `name`
 * is always the first and last name joined, kept so by the server on every write, so everything
 * that reads `name` (the kiosk, badges, reports, the audit log) reads the same. A name written
 * whole (rows made before the parts existed) splits at its last word: «محمد رضا احمدی» is
 * «محمد رضا» and «احمدی».
 */
const part = (value: unknown) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '');

export function fullName(firstName: unknown, lastName: unknown): string {
  return [part(firstName), part(lastName)].filter(Boolean).join(' ');
}

export function splitName(name: unknown): { firstName: string; lastName: string | null } {
  const words = part(name).split(' ').filter(Boolean);
  if (words.length < 2) return { firstName: words.join(''), lastName: null };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}
