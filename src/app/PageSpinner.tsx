import { Loading } from '../ui/Loading.tsx';

export function PageSpinner() {
  return <Loading className="min-h-[50dvh]" />;
}
