/**
 * A workplace's centre (hr-attendance.md, Place): typed, or set by "use my location" standing at
 * the place, which fills latitude and longitude at once and says how rough the fix was; and a
 * link to see the point on a map where the network allows (the coordinates stay the truth).
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button, TextField, type WidgetProps } from '@/moduleKit.ts';
import { formatNumber } from '@/i18n/format.ts';
import { parseDegrees } from '../../rules/geofence.ts';

type Fix = { kind: 'idle' } | { kind: 'locating' } | { kind: 'found'; accuracy: number } | { kind: 'denied' } | { kind: 'failed' };

/** OpenStreetMap at the point, zoomed to a street. */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

export function CentreField({ field, name, label, value, onChange, error, hint, context, patch }: WidgetProps) {
  const { t } = useLingui();
  const [fix, setFix] = useState<Fix>({ kind: 'idle' });
  const latitude = parseDegrees(context?.latitude, 90);
  const longitude = parseDegrees(context?.longitude, 180);

  function locate() {
    if (!('geolocation' in navigator) || !patch) return setFix({ kind: 'failed' });
    setFix({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        patch({ latitude: position.coords.latitude.toFixed(6), longitude: position.coords.longitude.toFixed(6) });
        setFix({ kind: 'found', accuracy: Math.round(position.coords.accuracy) });
      },
      (failure) => setFix({ kind: failure.code === 1 ? 'denied' : 'failed' }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  }

  const said =
    fix.kind === 'found'
      ? t`Set from this device’s position (±${formatNumber(fix.accuracy)} m). Stand in the middle of the place for the best centre.`
      : fix.kind === 'denied'
        ? t`Location permission is off: allow it in the browser’s settings, or type the coordinates.`
        : fix.kind === 'failed'
          ? t`This device’s position could not be found: type the coordinates as a map app shows them.`
          : null;
  return (
    <div className="flex flex-col gap-2">
      <TextField
        ltr
        name={name}
        label={label}
        value={typeof value === 'string' ? value : value == null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value)}
        required={field.required}
        error={error}
        hint={hint}
        inputMode="decimal"
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {patch && (
          <Button variant="secondary" size="sm" onClick={locate} loading={fix.kind === 'locating'}>
            {t`Use my location`}
          </Button>
        )}
        {latitude !== null && longitude !== null && (
          <a
            href={mapLink(latitude, longitude)}
            target="_blank"
            rel="noopener noreferrer"
            className="min-h-11 content-center text-sm text-brand-700 underline"
          >
            {t`See it on a map`}
          </a>
        )}
      </div>
      {said && (
        <p
          className={`text-sm ${fix.kind === 'found' ? 'text-slate-700' : 'text-amber-800'}`}
          role={fix.kind === 'found' ? 'status' : 'alert'}
        >
          {said}
        </p>
      )}
    </div>
  );
}
