/**
 * The two answers to a refused change, worded for the step refused and for a shopkeeper: try it
 * again, or let it go (the server's copy stays). What each does to the document is said beside it.
 */
import { useLingui } from '@lingui/react/macro';
import { refusedStep } from '../../panel/document/StepRefusal.tsx';
import type { SyncProblem } from '../../storage/localRecords.ts';
import { combinedChange } from '../../storage/syncProblems.ts';

export type Answer = 'retry' | 'discard';

export interface ChoiceWords {
  label: string;
  means: string;
  done: string;
}

/** The two answers to a refusal, worded for the step refused: try it again, or let it go. */
export function useProblemChoices(problem: SyncProblem): Record<Answer, ChoiceWords> {
  const { t } = useLingui();
  const created = combinedChange(problem).op === 'create';
  switch (refusedStep(problem)) {
    case 'submit':
      return {
        retry: {
          label: t`Submit again`,
          means: t`Sends the submit once more, as the document is now.`,
          done: t`The submit is on its way again.`,
        },
        discard: {
          label: t`Keep it as a draft`,
          means: t`Nothing is submitted; change the draft and submit it when it is right.`,
          done: t`It stays a draft.`,
        },
      };
    case 'cancel':
      return {
        retry: {
          label: t`Cancel again`,
          means: t`Asks once more to cancel it, once what stood in the way is settled.`,
          done: t`The cancel is on its way again.`,
        },
        discard: { label: t`Keep it submitted`, means: t`The document stays as it is, with its effects.`, done: t`It stays submitted.` },
      };
    case 'delete':
      return {
        retry: { label: t`Delete again`, means: t`Asks once more to delete it.`, done: t`The delete is on its way again.` },
        discard: { label: t`Keep it`, means: t`It stays, as it is saved now.`, done: t`It is kept.` },
      };
    default:
      return created
        ? {
            retry: { label: t`Send it again`, means: t`Sends what you wrote once more, as it is.`, done: t`It is on its way again.` },
            discard: { label: t`Throw it away`, means: t`What you wrote is removed from this phone.`, done: t`It was thrown away.` },
          }
        : {
            retry: {
              label: t`Save my change anyway`,
              means: t`Writes your values over what is saved now; the fields you did not touch keep theirs.`,
              done: t`Your change is on its way again.`,
            },
            discard: {
              label: t`Keep what is saved now`,
              means: t`Your change is dropped and nothing else.`,
              done: t`Your change was dropped.`,
            },
          };
  }
}
