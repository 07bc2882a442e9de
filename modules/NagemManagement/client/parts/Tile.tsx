/** A figure on a dashboard: its label and value, amber when it needs attention. */
import type { ReactNode } from 'react';

export function Tile({ label, value, tone = 'plain' }: { label: ReactNode; value: ReactNode; tone?: 'plain' | 'warn' }) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ${tone === 'warn' ? 'ring-amber-300' : 'ring-slate-200'}`}>
      <span className="text-sm text-slate-600">{label}</span>
      <span className={`text-xl font-bold ${tone === 'warn' ? 'text-amber-800' : 'text-slate-900'}`}>{value}</span>
    </div>
  );
}
