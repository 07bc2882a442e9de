/**
 * The audit's result as text, for `npm run audit:books` and the soak: each difference with the
 * row and the document that caused it, or one line saying the books agree.
 */
import type { AuditDifference, BooksAudit } from './audit.ts';

function describeDifference(d: AuditDifference): string[] {
  const document = d.document ? `${d.document.type} ${d.document.number ?? '(no number)'} ${d.document.id}` : '—';
  return [
    `  ${d.check}: ${d.problem}`,
    `    row:      ${d.entity} ${d.rowId ?? '—'}`,
    `    document: ${document}`,
    `    expected: ${d.expected}`,
    `    found:    ${d.found}`,
  ];
}

/** One line when everything agrees. */
export function auditSummary(audit: BooksAudit): string {
  const panels = `${audit.panels.length} panel${audit.panels.length === 1 ? '' : 's'}`;
  if (!audit.differences) return `books agree: ${panels}, ${audit.compared} rows compared by ${audit.checks.length} checks, no difference`;
  const differing = audit.panels.filter((p) => p.differences.length).length;
  return `books differ: ${audit.differences} difference${audit.differences === 1 ? '' : 's'} in ${differing} of ${panels} (${audit.compared} rows compared by ${audit.checks.length} checks)`;
}

/** Every difference, panel by panel, then the summary line. */
export function auditReport(audit: BooksAudit): string {
  const lines: string[] = [];
  for (const panel of audit.panels) {
    if (!panel.differences.length) continue;
    lines.push(
      `panel ${panel.code} (${panel.name}, ${panel.panelId}): ${panel.differences.length} difference${panel.differences.length === 1 ? '' : 's'}`,
    );
    for (const d of panel.differences) lines.push(...describeDifference(d));
  }
  lines.push(auditSummary(audit));
  return lines.join('\n');
}
