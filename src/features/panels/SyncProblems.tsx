/**
 * /User/Panel/SyncProblems: every change the server did not accept, with the server's words and
 * the fields it named, and what the person can do: retry their change on top of the server's
 * current version, take the server's version, or discard their change.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { describeError } from '../../i18n/describeError.ts';
import { messageForCode } from '../../i18n/errorMessage.ts';
import { formatDateTime, formatRelative } from '../../i18n/format.ts';
import type { SyncProblem } from '../../storage/localRecords.ts';
import { usePanelData, type PanelData } from '../../storage/panelData.ts';
import { canRetry } from '../../storage/syncProblems.ts';
import { settleProblem, useServerRowNow, useSyncProblems, type ProblemAnswer } from '../../storage/useSyncState.ts';
import { Button } from '../../ui/Button.tsx';
import { Card, PageHeader } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { CheckIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { showToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { ProblemDetails } from './ProblemDetails.tsx';
import { WithPanel } from '../../panel/WithPanel.tsx';

export function SyncProblems() {
  const { t } = useLingui();
  useDocumentTitle(t`Sync problems`);
  return (
    <>
      <PageHeader title={<Trans>Sync problems</Trans>} description={<Trans>Changes saved on this device that the server did not accept. Nothing is thrown away until you decide.</Trans>} />
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
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);
  const server = useServerRowNow(problem);
  async function act(answer: ProblemAnswer, done: string) {
    setBusy(answer);
    try {
      await settleProblem(panel, problem.mutationId, answer);
      showToast(done, { type: 'success' });
    } catch (error) {
      showToast(describeError(i18n, error), { type: 'error' });
    } finally {
      setBusy(null);
    }
  }
  const when = formatRelative(problem.rejectedAt);
  return (
    <Card className="flex flex-col gap-4" aria-label={t`Rejected change`}>
      {server !== undefined && <ProblemDetails problem={problem} server={server} />}
      <div className="rounded-xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" role="note">
        <p className="font-semibold">
          <Trans>The server said:</Trans>
        </p>
        <p>{problem.message || messageForCode(i18n, problem.code)}</p>
        <p className="mt-1 text-xs text-red-800" title={formatDateTime(problem.rejectedAt)}>
          <Trans>Rejected {when}</Trans>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {server !== undefined && canRetry(problem, server) && (
          <Button size="sm" loading={busy === 'retry'} disabled={busy !== null} onClick={() => void act('retry', t`Your change is queued again on top of the server’s version.`)}>
            <Trans>Retry with my change</Trans>
          </Button>
        )}
        <Button size="sm" variant="secondary" loading={busy === 'takeServer'} disabled={busy !== null} onClick={() => void act('takeServer', t`The server’s version is kept.`)}>
          <Trans>Take the server’s version</Trans>
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" loading={busy === 'discard'} disabled={busy !== null} onClick={() => void act('discard', t`Your change was discarded.`)}>
          <Trans>Discard my change</Trans>
        </Button>
      </div>
    </Card>
  );
}

