/**
 * A refusal in the words of the step the server refused (decision 029): a refused submit leaves a
 * draft to fix, a refused cancel leaves the document submitted with its effects standing, a refused
 * edit leaves the document as the server holds it. The module adds its own account of the details
 * (the stock each line lacks); without one the server's message is said instead.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { createElement } from 'react';
import { messageForCode } from '../../i18n/errorMessage.ts';
import type { SyncProblem } from '../../storage/localRecords.ts';
import { refusalOf } from '../moduleRegistry.ts';

type Step = 'submit' | 'cancel' | 'edit' | 'delete';

/** Which step a problem refused: a document's submit or cancel, its deletion, or a change of its values. */
export function refusedStep(problem: Pick<SyncProblem, 'op'>): Step {
  if (problem.op === 'submit' || problem.op === 'cancel' || problem.op === 'delete') return problem.op;
  return 'edit';
}

/** The heading of a refusal, for the step refused. */
export function useRefusalTitle(problem: Pick<SyncProblem, 'op'>): string {
  const { t } = useLingui();
  const titles: Record<Step, string> = {
    submit: t`The server did not accept the submit`,
    cancel: t`The server did not accept the cancel`,
    edit: t`The server did not accept your change`,
    delete: t`The server did not delete this draft`,
  };
  return titles[refusedStep(problem)];
}

/** Where the document stands after the refusal, and what the person may do, for the step refused. */
export function RefusalOutcome({ problem }: { problem: Pick<SyncProblem, 'op'> }) {
  switch (refusedStep(problem)) {
    case 'submit':
      return <Trans>Nothing you typed is lost: the document is a draft again. Fix what stands in the way and submit it again.</Trans>;
    case 'cancel':
      return <Trans>The document is still submitted and its effects stand. Settle what stands in the way, then cancel it again.</Trans>;
    case 'delete':
      return <Trans>The draft is still here, as the server holds it.</Trans>;
    default:
      return <Trans>The document shows what the server holds. Your change is kept under Sync problems: send it again or let it go.</Trans>;
  }
}

/** Why the step was refused: the module's account when it gave details, else the server's message. */
export function RefusalReason({ problem }: { problem: SyncProblem }) {
  const { i18n } = useLingui();
  const said = <p>{problem.message || messageForCode(i18n, problem.code)}</p>;
  // The module's component is declared once in its client part, not made here: stable across renders.
  const explain = refusalOf(problem.entity);
  return explain ? createElement(explain, { problem, fallback: said }) : said;
}
