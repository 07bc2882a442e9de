/**
 * A quantity typed in the product's unit (decision 027): the one number field, three decimals at
 * most, with the product's unit («کیلوگرم», "Piece") beside it once a product is chosen.
 */
import { useLingui } from '@lingui/react';
import { NumberField, type NumberFieldProps, useOne, type WidgetProps } from '@/moduleKit.ts';
import { Product, unitOptions } from '../../entities/masterData.ts';

export function QuantityField({ productId, ...field }: Omit<NumberFieldProps, 'decimals' | 'unit'> & { productId: unknown }) {
  const { i18n } = useLingui();
  const { data: product } = useOne(Product, typeof productId === 'string' ? productId : null);
  const unit = unitOptions.find((o) => o.value === product?.unit);
  return <NumberField {...field} decimals={3} unit={unit ? i18n._(unit.label) : undefined} />;
}

/** A document line's quantity, in the unit of the line's product. */
export function LineQuantityField({ field, name, label, value, onChange, error, hint, context }: WidgetProps) {
  const line = context?.line as Record<string, unknown> | undefined;
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <QuantityField
      productId={line?.productId}
      name={name}
      label={label}
      value={text}
      onChange={onChange}
      required={field.required}
      error={error}
      hint={hint}
    />
  );
}
