/** The two font packages `build/fontCuts.ts` uses; neither ships its own types (both tsconfigs include this file). */
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
    keepFeatures?: string[];
    noLayoutClosure?: boolean;
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}

declare module 'fontverter' {
  export function convert(font: Buffer, toFormat: 'truetype' | 'woff' | 'woff2' | 'sfnt'): Promise<Buffer>;
  export function detectFormat(font: Buffer): 'truetype' | 'woff' | 'woff2';
}
