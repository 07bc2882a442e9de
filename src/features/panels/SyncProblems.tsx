/**
 * /User/Panel/SyncProblems: every change the server did not accept, in a shopkeeper's words: the
 * document by its number or date and the step refused, the reason in full (the module's account:
 * the product, bin, needed and available), a link to the document, and the two choices, worded
 * for the step: try it again, or let it go (decision 029).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Entity, Row } from '../../contract/entity.ts';
import { entityByKey } from '../../contract/modules.ts';
import { RefusalOutcome, RefusalReason } from '../../panel/document/StepRefusal.tsx';
import { documentPage } from '../../panel/modules.ts';
import { describeError } from '../../i18n/describeError.ts';
import { formatDateTime, formatRelative } from '../../i18n/format.ts';
import type { SyncProblem } from '../../storage/localRecords.ts';
import { usePanelData, type PanelData } from '../../storage/panelData.ts';
import { canRetry } from '../../storage/syncProblems.ts';
import { settleProblem, useServerRowNow, useSyncProblems } from '../../storage/useSyncState.ts';
import { Button } from '../../ui/Button.tsx';
import { Card, PageHeader } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { CheckIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { showToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { ProblemDetails, useProblemHeading } from './ProblemDetails.tsx';
import { useProblemChoices, type Answer, type ChoiceWords } from './useProblemChoices.ts';
import { WithPanel } from '../../panel/WithPanel.tsx';

export function SyncProblems() {
  const { t } = useLingui();
  useDocumentTitle(t`Sync problems`);
  return (
    <>
      <PageHeader
        title={<Trans>Sync problems</Trans>}
        description={<Trans>Changes saved on this device that the server did not accept. Nothing is thrown away until you decide.</Trans>}
      />
      <WithPanel>{() => <ProblemList />}</WithPanel>
    </>
  );
}

function ProblemList() {
  const panel = usePanelData();
  const problems = useSyncProblems();
  if (!problems || !panel) return <Spinner className="mx-auto mt-16 size-8 text-brand-700" />;
  if (problems.length === 0) {
    return (
      <EmptyState
        tone="done"
        icon={<CheckIcon className="size-7" />}
        titleAs="p"
        title={<Trans>No sync problems</Trans>}
        description={<Trans>Every change made on this device was accepted by the server, or is waiting to be sent.</Trans>}
      />
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {problems.map((problem) => (
        <li key={problem.mutationId}>
          <ProblemCard panel={panel} problem={problem} />
        </li>
      ))}
    </ul>
  );
}

function ProblemCard({ panel, problem }: { panel: PanelData; problem: SyncProblem }) {
  const server = useServerRowNow(problem);
  const entity = entityByKey(problem.entity);
  if (server === undefined) return null;
  if (!entity) return <Card aria-label={problem.entity}>{problem.entity}</Card>;
  return <ProblemCardOf panel={panel} entity={entity} problem={problem} server={server} />;
}

/** A refused change: what and which, why in full, where to see it, and the choices in plain words. */
function ProblemCardOf({ panel, entity, problem, server }: { panel: PanelData; entity: Entity; problem: SyncProblem; server: Row | null }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<Answer | null>(null);
  const heading = useProblemHeading(entity, problem, server);
  const choices = useProblemChoices(problem);
  async function act(answer: Answer) {
    setBusy(answer);
    try {
      await settleProblem(panel, problem.mutationId, answer);
      showToast(choices[answer].done, { type: 'success' });
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setBusy(null);
    }
  }
  const when = formatRelative(problem.rejectedAt);
  const page = server && !server.deleted ? documentPage(entity.key, problem.id) : null;
  return (
    <Card className="flex flex-col gap-4" aria-label={heading}>
      <h2 className="font-semibold text-slate-900">{heading}</h2>
      <div className="rounded-xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" role="note" aria-label={t`Why`}>
        <RefusalReason problem={problem} />
        <p className="mt-1 text-xs text-red-800">
          <RefusalOutcome problem={problem} />{' '}
          <span title={formatDateTime(problem.rejectedAt)}>
            <Trans>Refused {when}.</Trans>
          </span>
        </p>
      </div>
      <ProblemDetails entity={entity} problem={problem} server={server} />
      {page && (
        <Link href={page} className="self-start text-sm font-medium text-brand-700 underline underline-offset-4">
          <Trans>Open the document</Trans>
        </Link>
      )}
      <div className="flex flex-col gap-2">
        {canRetry(problem, server) && <Choice choice={choices.retry} busy={busy} onClick={() => void act('retry')} answer="retry" />}
        <Choice choice={choices.discard} busy={busy} onClick={() => void act('discard')} answer="discard" />
      </div>
    </Card>
  );
}

function Choice({ choice, answer, busy, onClick }: { choice: ChoiceWords; answer: Answer; busy: Answer | null; onClick: () => void }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <Button
        size="sm"
        variant={answer === 'retry' ? 'primary' : 'secondary'}
        className="sm:shrink-0"
        loading={busy === answer}
        disabled={busy !== null}
        onClick={onClick}
      >
        {choice.label}
      </Button>
      <p className="text-xs text-slate-600">{choice.means}</p>
    </div>
  );
}
