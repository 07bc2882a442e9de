/**
 * What a line of a product tracked by batch must say (warehousing.md, Receipt: "batch + expiry
 * where tracked"): its batch always; and, when the product expires, the batch's expiry date as
 * the goods come in (going out or moving, the batch names stock whose expiry is already known).
 * The opening-stock form shows it and the server enforces it.
 */
/** A product's row, as either side reads it. */
export type BatchTracking = Readonly<Record<string, unknown>>;

export type BatchProblems = Partial<Record<'batch' | 'expiry', 'required'>>;

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && !value.trim());

export function batchProblems(
  product: BatchTracking | null | undefined,
  line: Readonly<Record<string, unknown>>,
  incoming: boolean,
): BatchProblems {
  if (product?.tracksBatches !== true) return {};
  const problems: BatchProblems = {};
  if (blank(line.batch)) problems.batch = 'required';
  if (incoming && product.expires === true && blank(line.expiry)) problems.expiry = 'required';
  return problems;
}
