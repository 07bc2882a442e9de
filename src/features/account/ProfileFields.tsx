import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { genders, maritalStatuses, militaryServiceStatuses, OLDEST_AGE_YEARS } from '../../contract/profile.ts';
import { DateField } from '../../ui/DateField.tsx';
import { isoFromDate } from '../../ui/dateCalendar.ts';
import { CodeField } from '../../ui/CodeField.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import type { ProfileField, ProfileValues } from './profileForm.ts';
import { fieldLabels, genderLabels, maritalLabels, militaryLabels } from './profileLabels.ts';

interface Props {
  values: ProfileValues;
  errors: Partial<Record<ProfileField, string>>;
  onChange: (field: ProfileField, value: string | null) => void;
  /** The registration profile only, or everything (with the complete-profile subset). */
  part: 'registration' | 'full';
}

const notSpecified = msg`Not specified`;

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="mb-3 text-base font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function birthDayLimits(): { min: string; max: string } {
  const today = new Date();
  const oldest = new Date(today);
  oldest.setFullYear(today.getFullYear() - OLDEST_AGE_YEARS);
  return { min: isoFromDate(oldest), max: isoFromDate(today) };
}

/** The profile's fields in three groups: who you are, how to reach you, where you live. */
export function ProfileFields({ values, errors, onChange, part }: Props) {
  const { _ } = useLingui();
  const full = part === 'full';
  const text = (
    field: ProfileField,
    extra: {
      required?: boolean;
      ltr?: boolean;
      autoComplete?: string;
      type?: string;
      inputMode?: 'email';
      hint?: ReactNode;
      wide?: boolean;
    } = {},
  ) => (
    <TextField
      key={field}
      label={_(fieldLabels[field])}
      name={field}
      value={(values[field] as string | null) ?? ''}
      onChange={(e) => onChange(field, e.target.value)}
      error={errors[field]}
      required={extra.required}
      ltr={extra.ltr}
      autoComplete={extra.autoComplete}
      type={extra.type}
      inputMode={extra.inputMode}
      hint={extra.hint}
      className={extra.wide ? 'sm:col-span-2' : undefined}
    />
  );
  // A mobile number or postal code: the locale's digits shown, Latin ones kept.
  const code = (field: ProfileField, extra: { required?: boolean; autoComplete: string; type?: string; inputMode: 'tel' | 'numeric' }) => (
    <CodeField
      key={field}
      label={_(fieldLabels[field])}
      name={field}
      value={(values[field] as string | null) ?? ''}
      onChange={(value) => onChange(field, value)}
      error={errors[field]}
      required={extra.required}
      autoComplete={extra.autoComplete}
      type={extra.type}
      inputMode={extra.inputMode}
    />
  );
  const choose = _(notSpecified);
  const limits = birthDayLimits();

  return (
    <div className="space-y-8">
      <Section title={<Trans>About you</Trans>}>
        {text('firstName', { required: true, autoComplete: 'given-name' })}
        {text('lastName', { required: true, autoComplete: 'family-name' })}
        {text('publicUserName', { hint: <Trans>Shown to other people in your panels instead of your full name.</Trans> })}
        <DateField
          label={_(fieldLabels.birthDay)}
          name="birthDay"
          value={values.birthDay}
          onChange={(iso) => onChange('birthDay', iso)}
          min={limits.min}
          max={limits.max}
          error={errors.birthDay}
        />
        <SelectField
          label={_(fieldLabels.gender)}
          name="gender"
          value={values.gender}
          onChange={(e) => onChange('gender', e.target.value)}
          placeholder={choose}
          options={genders.map((g) => ({ value: g, label: _(genderLabels[g]) }))}
          error={errors.gender}
        />
        {full && text('fatherName')}
        {full && (
          <SelectField
            label={_(fieldLabels.maritalStatus)}
            name="maritalStatus"
            value={values.maritalStatus}
            onChange={(e) => onChange('maritalStatus', e.target.value)}
            placeholder={choose}
            options={maritalStatuses.map((m) => ({ value: m, label: _(maritalLabels[m]) }))}
            error={errors.maritalStatus}
          />
        )}
        {full && (
          <SelectField
            label={_(fieldLabels.militaryServiceStatus)}
            name="militaryServiceStatus"
            value={values.militaryServiceStatus}
            onChange={(e) => onChange('militaryServiceStatus', e.target.value)}
            placeholder={choose}
            options={militaryServiceStatuses.map((m) => ({ value: m, label: _(militaryLabels[m]) }))}
            error={errors.militaryServiceStatus}
          />
        )}
      </Section>
      <Section title={<Trans>Contact</Trans>}>
        {code('mobileNumber', { required: part === 'registration', type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
        {text('email', { ltr: true, type: 'email', inputMode: 'email', autoComplete: 'email' })}
      </Section>
      <Section title={<Trans>Where you live</Trans>}>
        {text('country', { autoComplete: 'country-name' })}
        {text('state', { autoComplete: 'address-level1' })}
        {text('city', { autoComplete: 'address-level2' })}
        {full && code('postalCode', { inputMode: 'numeric', autoComplete: 'postal-code' })}
        {full && (
          <TextAreaField
            label={_(fieldLabels.residenceAddress)}
            name="residenceAddress"
            autoComplete="street-address"
            value={values.residenceAddress}
            onChange={(e) => onChange('residenceAddress', e.target.value)}
            error={errors.residenceAddress}
            className="sm:col-span-2"
          />
        )}
      </Section>
    </div>
  );
}
