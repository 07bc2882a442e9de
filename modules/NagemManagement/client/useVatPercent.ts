/** The panel's VAT percent for sales as this device knows it (its sales settings, else 10 %). */
import { SalesSetting } from '../entities/catalogue.ts';
import { DEFAULT_VAT_PERCENT } from '../rules/saleTotals.ts';
import { useRows } from './useRows.ts';

export function useVatPercent(): number {
  const [settings] = useRows([SalesSetting]) ?? [[]];
  const first = [...(settings ?? [])].sort((a, b) => String(a.updatedAt).localeCompare(String(b.updatedAt)) || a.id.localeCompare(b.id))[0];
  return typeof first?.vatPercent === 'number' ? first.vatPercent : DEFAULT_VAT_PERCENT;
}
