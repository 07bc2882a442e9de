/**
 * Labels laid out as the printer takes them: pages of the chosen stock, each label its barcode
 * and the lines asked for. On paper only the sheet prints (the page's size is the stock's, with no
 * margins); on screen it is a preview.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { cx, useMoney } from '@/moduleKit.ts';
import { barcodeSvg, pagesOf, stocks, symbologyFor, type LabelContent, type LabelStock, type Symbology } from '../labels.ts';

export interface LabelOptions {
  symbology: Symbology;
  stock: LabelStock;
  showName: boolean;
  showCode: boolean;
  showPrice: boolean;
}

function printCss(stock: LabelStock): string {
  const { page } = stocks[stock];
  return `@page { size: ${page.width}mm ${page.height}mm; margin: 0 }
@media print {
  body * { visibility: hidden !important; }
  .label-sheet, .label-sheet * { visibility: visible !important; }
  .label-sheet { position: absolute; inset-block-start: 0; inset-inline-start: 0; gap: 0 !important; zoom: 1 !important; }
  .label-page { box-shadow: none !important; break-after: page; margin: 0 !important; }
}`;
}

function Label({ content, options }: { content: LabelContent; options: LabelOptions }) {
  const { label, text } = stocks[options.stock];
  const money = useMoney();
  const price = content.price !== null ? money.text(content.price) : null;
  const used = symbologyFor(options.symbology, content.code);
  const qr = used === 'qrcode';
  return (
    <div
      className="label flex flex-col items-center justify-center overflow-hidden bg-white px-[1.5mm] py-[1mm] text-center text-black"
      style={{ width: `${label.width}mm`, height: `${label.height}mm`, fontSize: `${text}mm` }}
      data-code={content.code}
    >
      <div
        className={cx(
          'flex w-full min-h-0 justify-center [&>svg]:h-full [&>svg]:w-auto [&>svg]:max-w-full',
          qr ? 'h-[60%]' : used === 'ean13' ? 'h-[45%]' : 'h-[55%]',
        )}
        dangerouslySetInnerHTML={{ __html: barcodeSvg(options.symbology, content.code) }}
      />
      {used === 'ean13' && (
        <bdi dir="ltr" className="text-[0.9em] leading-none tracking-[0.2em]">
          {content.code}
        </bdi>
      )}
      {options.showName && <p className="mt-[0.5mm] line-clamp-1 leading-tight font-semibold">{content.name}</p>}
      <p className="flex gap-[2mm] text-[0.88em] leading-tight">
        {options.showCode && <bdi dir="ltr">{content.caption}</bdi>}
        {options.showPrice && price !== null && <span>{price}</span>}
      </p>
    </div>
  );
}

/** CSS pixels in a millimetre, as browsers lay out `mm`. */
const PX_PER_MM = 96 / 25.4;

/** On screen the pages shrink to the width they have (never grow); on paper they are their size. */
function useFit(pageWidthMm: number) {
  const box = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  useLayoutEffect(() => {
    const element = box.current?.parentElement;
    if (!element) return;
    const fit = () => setZoom(Math.min(1, element.clientWidth / (pageWidthMm * PX_PER_MM + 16)));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [pageWidthMm]);
  return { box, zoom };
}

export function LabelSheet({ labels, options }: { labels: readonly LabelContent[]; options: LabelOptions }) {
  const { page, columns, rows, label } = stocks[options.stock];
  const { box, zoom } = useFit(page.width);
  // A sheet's labels start at its top, the paper left over shared above and below them.
  const margin = (page.height - rows * label.height) / 2;
  return (
    <div ref={box} className="label-sheet flex flex-col items-center gap-4" style={{ zoom }}>
      <style>{printCss(options.stock)}</style>
      {pagesOf(labels, options.stock).map((items, p) => (
        <div
          key={p}
          className="label-page grid content-start justify-center bg-white shadow ring-1 ring-slate-200"
          style={{
            width: `${page.width}mm`,
            height: `${page.height}mm`,
            paddingTop: `${margin}mm`,
            gridTemplateColumns: `repeat(${columns}, auto)`,
          }}
        >
          {items.map((content, i) => (
            <Label key={`${content.key}-${i}`} content={content} options={options} />
          ))}
        </div>
      ))}
    </div>
  );
}
