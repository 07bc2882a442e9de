import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../ui/Spinner.tsx';

export function PageSpinner() {
  const { t } = useLingui();
  return (
    <div className="grid min-h-[50dvh] place-items-center text-brand-700" role="status" aria-label={t`Loading`}>
      <Spinner className="size-8" />
    </div>
  );
}
