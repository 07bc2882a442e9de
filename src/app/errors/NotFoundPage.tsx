import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { ErrorPage } from './ErrorPage.tsx';

/** An unmatched route: 'Page not found' followed by the path (spec section 8). */
export function NotFoundPage() {
  const { t } = useLingui();
  const [path] = useLocation();
  return (
    <ErrorPage
      statusCode={404}
      statusMessage={t`Page not found`}
      data={
        <bdi dir="ltr" className="font-mono">
          {path}
        </bdi>
      }
    />
  );
}
