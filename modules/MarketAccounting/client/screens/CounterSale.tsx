/**
 * The counter sale (فروش سریع, decision 043): scan a product's barcode (with the camera, or a scanner
 * typing it into the search field and pressing Enter) or search it by name or code,
 * change quantities, see the total, take cash or card in one tap — a normal sales invoice to a
 * walk-in customer, saved and submitted offline as one intent (saveAndSubmit) and synced like any
 * document — then print the 80 mm receipt (parts/CounterReceipt.tsx). Goods leave the warehouse
 * chosen on this device, cash goes to its chosen cash box and card to its bank account
 * (counterChoices.ts: the first active ones until something else is chosen).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { liveQuery } from 'dexie';
import { entityByKey } from '@/contract/modules.ts';
import { cleanCode } from '@/contract/normalize.ts';
import { formatNumber } from '@/i18n/format.ts';
import {
  Alert,
  BarcodeScanner,
  Button,
  fieldText,
  type LocalRow,
  newId,
  rowByCode,
  saveAndSubmit,
  ScreenFrame,
  TextField,
  TrashIcon,
  useMoney,
  usePanelData,
  useTableRows,
} from '@/moduleKit.ts';
import { permission } from '@/contract/entity.ts';
import { BankAccount, CashBox } from '../../entities/books.ts';
import { Invoice } from '../../entities/invoices.ts';
import { invoiceTotals } from '../../rules/invoiceMath.ts';
import { activeRows, useCounterChoices } from '../counterChoices.ts';
import { CounterPlaces } from '../parts/CounterPlaces.tsx';
import { CounterReceipt, type Sold } from '../parts/CounterReceipt.tsx';
import { tehranToday } from '../today.ts';

const Product = entityByKey('WarehousingMVM/Product');
const Warehouse = entityByKey('WarehousingMVM/Warehouse');

const SCAN_FORMATS = ['ean_13', 'ean_8', 'code_128', 'qr_code'];

/** A product's rate as a line takes it: its decimal text, or null when it has none. */
const rate = (value: unknown): string | null =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : null;

interface CartLine {
  id: string;
  product: LocalRow;
  quantity: number;
}

export function CounterSale() {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const panel = usePanelData();
  const [products, warehouses, boxes, banks] = useTableRows(
    panel?.db,
    [Product, Warehouse, CashBox, BankAccount].filter((e) => e !== undefined),
  );
  const [cart, setCart] = useState<CartLine[]>([]);
  const [search, setSearch] = useState('');
  const [scanning, setScanning] = useState(false);
  const [sold, setSold] = useState<Sold | null>(null);
  const [busy, setBusy] = useState(false);
  const { pick, choose } = useCounterChoices(panel?.panelCode);
  const warehouse = pick(warehouses, 'warehouseId');
  const cashBox = pick(boxes, 'cashBoxId');
  const bank = pick(banks, 'bankAccountId');

  // Typing (a scanner types a whole barcode in a few milliseconds) re-renders only the field: the
  // cart, its totals and the matches are memoised, the matches follow the text at low priority.
  const lines = useMemo(
    () =>
      cart.map((c) => ({
        id: c.id,
        productId: c.product.id,
        description: String(c.product.name ?? ''),
        code: (c.product.code as string | null) ?? null,
        // The unit as people read it («عدد»), as the invoice form fills it (usePriceFill).
        unit: c.product.unit && Product?.fields.unit ? fieldText(i18n, Product.fields.unit, c.product.unit) : null,
        quantity: String(c.quantity),
        unitPrice: c.product.salePrice ?? 0,
        // The product's own VAT (0 for an exempt one) and duties, else 10 % and none.
        vatRate: rate(c.product.vatRate) ?? '10',
        dutyRate: rate(c.product.dutyRate),
        warehouseId: warehouse?.id ?? null,
      })),
    [cart, i18n, warehouse?.id],
  );
  const figures = useMemo(() => invoiceTotals(lines), [lines]);

  const add = useCallback((product: LocalRow) => {
    setSold(null);
    setCart((now) => {
      const seen = now.find((c) => c.product.id === product.id);
      return seen ? now.map((c) => (c === seen ? { ...c, quantity: c.quantity + 1 } : c)) : [...now, { id: newId(), product, quantity: 1 }];
    });
  }, []);
  const active = useMemo(() => activeRows(products), [products]);
  const searched = useDeferredValue(search);
  /** The products a text finds: by name, or by the whole of their code; eight at most. */
  const matches = useCallback(
    (text: string) => {
      const q = text.trim().toLowerCase();
      if (!q) return [];
      return active
        .filter(
          (p) =>
            String(p.name ?? '')
              .toLowerCase()
              .includes(q) || String(p.code ?? '').toLowerCase() === q,
        )
        .slice(0, 8);
    },
    [active],
  );
  const found = useMemo(() => matches(searched), [matches, searched]);
  const byCode = (text: string) => {
    const code = cleanCode(text);
    return code ? active.find((p) => (p.barcodes as string[] | null)?.includes(code) || p.code === code) : undefined;
  };
  // A code that named no product is said, and looked up again as this device's products change
  // while the message stands: the camera reports a code held in view only once, so a product still
  // on its way here (just added on another device) goes into the cart when it arrives.
  const [unknown, setUnknown] = useState<string | null>(null);
  useEffect(() => {
    if (!panel || !Product || unknown === null) return;
    let taken = false;
    const watching = liveQuery(() => rowByCode(panel.db, Product, ['barcodes', 'code'], unknown)).subscribe({
      next: (product) => {
        if (!product || taken) return;
        taken = true;
        setUnknown(null);
        add(product);
      },
      // The panel's database closed (another panel, sign-out): nothing left to wait for.
      error: () => {},
    });
    return () => watching.unsubscribe();
  }, [panel, unknown, add]);
  const addScanned = (product: LocalRow) => {
    setUnknown(null);
    add(product);
  };
  /** A barcode or a product's code from the camera. */
  const onScan = (text: string) => {
    const product = byCode(text);
    if (product) addScanned(product);
    else if (cleanCode(text)) setUnknown(cleanCode(text));
  };
  // A counter's scanner types the code into the focused field and ends it with Enter (a keyboard
  // wedge): the product of that barcode or code goes into the cart, else the only one found. Text
  // that names nothing and finds nothing is an unknown code, as from the camera: it stays in the
  // field, selected, for the person to correct or for the next scan to replace.
  const field = useRef<HTMLInputElement>(null);
  const onEnter = () => {
    // A scanner's Enter comes before the deferred list has caught up with its last digits: judged on the text as it is.
    const now = searched === search ? found : matches(search);
    const product = byCode(search) ?? (now.length === 1 ? now[0] : undefined);
    if (product) {
      addScanned(product);
      setSearch('');
    } else if (now.length === 0 && cleanCode(search)) {
      setUnknown(cleanCode(search));
      field.current?.select();
    }
  };

  const take = async (by: 'cash' | 'card') => {
    if (!panel || !cart.length) return;
    setBusy(true);
    try {
      const total = figures.total;
      const row = await saveAndSubmit(panel.db, Invoice, null, {
        kind: 'sale',
        date: tehranToday(),
        ...(by === 'cash' ? { cashAmount: total, cashBoxId: cashBox?.id ?? null } : { cardAmount: total, bankAccountId: bank?.id ?? null }),
        lines,
      });
      setSold({
        number: (row.number as string | null) ?? null,
        date: String(row.date),
        lines: cart.map((c, i) => ({ ...c, total: figures.lines[i]?.total ?? 0n })),
        total,
        by,
      });
      setCart([]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ScreenFrame title={t`Counter sale`} needs={permission(Invoice, 'submit')}>
      <div className="flex flex-col gap-3">
        <CounterPlaces
          places={[
            { which: 'warehouseId', label: t`Warehouse`, rows: activeRows(warehouses), chosen: warehouse },
            { which: 'cashBoxId', label: t`Cash box`, rows: activeRows(boxes), chosen: cashBox },
            { which: 'bankAccountId', label: t`Bank account (card)`, rows: activeRows(banks), chosen: bank },
          ]}
          onChoose={choose}
        />
        <BarcodeScanner on={scanning} onToggle={setScanning} formats={SCAN_FORMATS} onScan={onScan} />
        <TextField
          ref={field}
          label={t`Search products`}
          hint={t`A handheld scanner types the barcode and Enter: the product goes into the cart.`}
          value={search}
          enterKeyHint="done"
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            onEnter();
          }}
        />
        {unknown !== null && (
          <Alert tone="warning">
            <Trans>
              No product on this device has the code <bdi dir="ltr">{unknown}</bdi>. If it arrives while this shows, it goes into the cart.
            </Trans>
          </Alert>
        )}
        {found.length > 0 && (
          <ul className="divide-y rounded-xl ring-1 ring-slate-200">
            {found.map((p) => (
              <li key={p.id}>
                <button type="button" className="flex w-full justify-between p-3 text-start" onClick={() => addScanned(p)}>
                  <span>{String(p.name)}</span>
                  <span className="tabular-nums">{money.text((p.salePrice as number | string | null) ?? 0)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <CartLines cart={cart} totals={figures.lines} setCart={setCart} add={add} />
        <p className="text-lg font-semibold" data-testid="counter-total">
          <Trans>Total: {money.text(figures.total)}</Trans>
        </p>
        <div className="grid grid-cols-2 gap-2">
          <Button disabled={busy || !cart.length || !cashBox} onClick={() => void take('cash')}>
            <Trans>Cash</Trans>
          </Button>
          <Button variant="secondary" disabled={busy || !cart.length || !bank} onClick={() => void take('card')}>
            <Trans>Card</Trans>
          </Button>
        </div>
        {sold && <CounterReceipt sold={sold} />}
      </div>
    </ScreenFrame>
  );
}

/** The cart's lines with their − / + / remove, drawn again only when the cart changes (not on each key typed). */
const CartLines = memo(function CartLines({
  cart,
  totals,
  setCart,
  add,
}: {
  cart: CartLine[];
  totals: readonly { total: bigint }[];
  setCart: Dispatch<SetStateAction<CartLine[]>>;
  add: (product: LocalRow) => void;
}) {
  const { t } = useLingui();
  const money = useMoney();
  return (
    <ul className="flex flex-col gap-2" aria-label={t`Cart`}>
      {cart.map((c, i) => (
        <li key={c.id} className="flex items-center gap-2 rounded-xl p-2 ring-1 ring-slate-200">
          <span className="flex-1">{String(c.product.name)}</span>
          <Button
            variant="secondary"
            aria-label={t`One less`}
            onClick={() => setCart((now) => now.map((x) => (x === c ? { ...x, quantity: Math.max(1, x.quantity - 1) } : x)))}
          >
            −
          </Button>
          <span className="w-8 text-center tabular-nums">{formatNumber(c.quantity)}</span>
          <Button variant="secondary" aria-label={t`One more`} onClick={() => add(c.product)}>
            +
          </Button>
          <span className="w-24 text-end tabular-nums">{money.text(totals[i]?.total ?? 0n)}</span>
          <Button variant="secondary" aria-label={t`Remove`} onClick={() => setCart((now) => now.filter((x) => x !== c))}>
            <TrashIcon />
          </Button>
        </li>
      ))}
    </ul>
  );
});
