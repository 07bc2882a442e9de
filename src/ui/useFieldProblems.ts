import { useLingui } from '@lingui/react';
import { useCallback, useRef, useState } from 'react';
import type { Problem } from '../i18n/fieldProblems.ts';
import { focusFirstInvalid } from './focusFirstInvalid.ts';

/**
 * A form's field errors: `show` takes what each field's check found, shows the messages in the
 * active locale, moves focus to the first field in error, and says whether all were fine.
 */
export function useFieldProblems<Field extends string>() {
  const { i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const show = useCallback(
    (found: Partial<Record<Field, Problem>>): boolean => {
      const shown: Partial<Record<Field, string>> = {};
      for (const [field, problem] of Object.entries(found) as [Field, Problem][]) if (problem) shown[field] = i18n._(problem);
      setErrors(shown);
      const fine = Object.keys(shown).length === 0;
      if (!fine) focusFirstInvalid(form.current);
      return fine;
    },
    [i18n],
  );
  return { form, errors, show };
}
