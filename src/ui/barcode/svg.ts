/**
 * Barcodes as SVG documents the size bwip-js drew them (no quiet zone; a linear symbol's height
 * `height` mm at 72 dpi): each run of dark modules one rectangle of a single `<path>`.
 */

/** A linear symbol: bar/space widths in modules (a bar first), each module `scale` px wide. */
export function barsSvg(widths: readonly number[], scale: number, heightMm: number): string {
  const height = Math.ceil((heightMm * 72) / 25.4) * scale;
  let x = 0;
  let d = '';
  widths.forEach((w, i) => {
    if (i % 2 === 0) d += `M${x * scale} 0h${w * scale}v${height}h-${w * scale}z`;
    x += w;
  });
  return document(x * scale, height, d);
}

/** Bar/space widths of modules (dark first). */
export function widthsOf(modules: readonly boolean[]): number[] {
  const widths: number[] = [];
  let expect = true;
  for (const dark of modules) {
    if (dark !== expect || widths.length === 0) {
      widths.push(0);
      expect = dark;
    }
    widths[widths.length - 1]! += 1;
  }
  return widths;
}

/** A matrix symbol: rows of modules, each module `modulePx` square. */
export function matrixSvg(rows: readonly (readonly boolean[])[], modulePx: number): string {
  let d = '';
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length;) {
      if (!row[x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < row.length && row[end]) end++;
      d += `M${x * modulePx} ${y * modulePx}h${(end - x) * modulePx}v${modulePx}h-${(end - x) * modulePx}z`;
      x = end;
    }
  });
  const size = (rows[0]?.length ?? 0) * modulePx;
  return document(size, rows.length * modulePx, d);
}

const document = (width: number, height: number, d: string) =>
  `<svg viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">\n<path fill="#000000" d="${d}" />\n</svg>\n`;
