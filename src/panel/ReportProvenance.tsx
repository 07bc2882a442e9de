/**
 * The line under a report's title saying where and when its figures were computed and over which
 * period (decision 053); while they are computed, a spinner; when the period reaches before the
 * device's window and the server cannot be asked, the warning that it needs a connection.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatDateTime } from '../i18n/format.ts';
import { Alert } from '../ui/Alert.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { Loading } from '../ui/Loading.tsx';
import type { ReportSource } from './reportSource.ts';

/** `from`: the period's first day (null: from the beginning); `to`: its last. */
export function ReportProvenance({ source, from, to }: { source: ReportSource<unknown>; from: string | null; to: string }) {
  const { t } = useLingui();
  if (source.where === 'waiting') {
    return source.server ? (
      <div role="status" aria-busy="true" className="mb-3 text-sm text-slate-600">
        <Loading className="min-h-24" />
        <p className="text-center">
          <Trans>Computing on the server…</Trans>
        </p>
      </div>
    ) : (
      <Loading className="min-h-24" />
    );
  }
  if (source.where === 'unreachable') {
    const start = formatDate(source.windowStart);
    if (source.again)
      return (
        <LoadFailed error={source.error} onRetry={source.again} title={t`The server could not compute this report`} className="mb-3" />
      );
    return (
      <Alert tone="warning" title={t`Needs a connection`} className="mb-3">
        <Trans>This period reaches before what this device keeps (from {start}); it needs a connection.</Trans>
      </Alert>
    );
  }
  const time = formatDateTime(source.at);
  const last = formatDate(to);
  const server = source.where === 'server';
  let line;
  if (from) {
    const first = formatDate(from);
    line = server ? (
      <Trans>
        Computed on the server at {time} · period {first} to {last}
      </Trans>
    ) : (
      <Trans>
        Computed on this device at {time} · period {first} to {last}
      </Trans>
    );
  } else {
    line = server ? (
      <Trans>
        Computed on the server at {time} · everything up to {last}
      </Trans>
    ) : (
      <Trans>
        Computed on this device at {time} · everything up to {last}
      </Trans>
    );
  }
  const again = server ? source.again : undefined;
  return (
    <p className="mb-3 flex flex-wrap items-center gap-x-2 text-xs text-slate-600" data-testid="report-provenance">
      <span>{line}</span>
      {again && (
        <button
          type="button"
          onClick={again}
          className="rounded px-1 font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2"
        >
          <Trans>Compute again</Trans>
        </button>
      )}
    </p>
  );
}
