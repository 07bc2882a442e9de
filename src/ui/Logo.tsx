import { useLingui } from '@lingui/react/macro';

export function Logo({ className = 'size-9' }: { className?: string }) {
  const { t } = useLingui();
  return (
    <svg viewBox="0 0 64 64" className={className} role="img" aria-label={t`Pishkhan`}>
      <rect width="64" height="64" rx="14" fill="#0f5f5a" />
      <path d="M14 40h36v6H14zM18 22h28v14H18z" fill="#e8f5f3" />
      <path d="M24 18h16v4H24z" fill="#f2b544" />
    </svg>
  );
}
