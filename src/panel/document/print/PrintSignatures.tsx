/** The boxes a printed document is signed in: who prepared it, who approved it, who received it. */
import { useLingui } from '@lingui/react/macro';

export function PrintSignatures() {
  const { t } = useLingui();
  const boxes = [t`Prepared by`, t`Approved by`, t`Received by`];
  return (
    <div className="mt-6 grid grid-cols-3 gap-3 break-inside-avoid text-[0.8rem]">
      {boxes.map((label) => (
        <div key={label} className="flex h-24 flex-col justify-between rounded border border-slate-400 p-2">
          <p className="font-semibold">{label}</p>
          <p className="text-slate-500">{t`Signature and date`}</p>
        </div>
      ))}
    </div>
  );
}
