import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ModalFrame } from '../../src/ui/ModalFrame.tsx';
import { renderApp } from './renderApp.tsx';

describe('the modal frame', () => {
  it('is a dialog named by its title and described by its description, with focus inside it, and Escape closes it', async () => {
    const onClose = vi.fn();
    const { user } = await renderApp(
      <ModalFrame open onClose={onClose} title="حذف کالا؟" description="این کار برگشت ندارد.">
        <button type="button">انصراف</button>
        <button type="button" data-autofocus>
          حذف
        </button>
      </ModalFrame>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'حذف کالا؟', description: 'این کار برگشت ندارد.' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'حذف' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('makes its panel a form when given a submit handler, and shows nothing while closed', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { user, rerender } = await renderApp(
      <ModalFrame open onClose={() => {}} title="رمز کیوسک" onSubmit={onSubmit}>
        <button type="submit">ذخیره</button>
      </ModalFrame>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'رمز کیوسک' });
    const save = within(dialog).getByRole('button', { name: 'ذخیره' });
    expect(save.closest('form')?.noValidate).toBe(true);
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <ModalFrame open={false} onClose={() => {}} title="رمز کیوسک">
        <button type="submit">ذخیره</button>
      </ModalFrame>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
