import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlreadyImported, ImportedBefore } from '../../src/panel/import/AlreadyImported.tsx';
import { renderApp } from './renderApp.tsx';

const islands = () => [...document.querySelectorAll('bdi[dir="ltr"]')].map((b) => b.textContent);

describe('a document an import made before', () => {
  it('is named in fa by its number in an LTR island, in the Latin digits every document number keeps', async () => {
    await renderApp(<AlreadyImported number="RC-1405-00012" />, { locale: 'fa' });
    expect(screen.getByText(/پیش‌تر با شمارهٔ/).textContent).toBe('پیش‌تر با شمارهٔ RC-1405-00012 وارد شده است؛ دوباره ساخته نمی‌شود.');
    expect(islands()).toEqual(['RC-1405-00012']);
  });

  it('is one island per number in the list of those found after the import, joined with the Persian comma', async () => {
    await renderApp(<ImportedBefore numbers={['RC-1405-00012', 'RC-1405-00013']} />, { locale: 'fa' });
    expect(islands()).toEqual(['RC-1405-00012', 'RC-1405-00013']);
    expect(screen.getByText(/این ردیف‌ها/).textContent).toBe(
      'این ردیف‌ها پیش‌تر وارد شده‌اند (RC-1405-00012، RC-1405-00013)؛ چیزی دوباره افزوده نشد.',
    );
  });
});
