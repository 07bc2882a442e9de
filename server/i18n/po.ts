/**
 * A small reader and rewriter of the gettext .po files Lingui writes (msgid/msgstr pairs with
 * comments, quoted strings possibly split over lines). Used by the server for the catalogue codes'
 * messages, by the catalogue-coverage test and by scripts/i18n-fill.ts.
 */
export interface PoEntry {
  comments: string[];
  msgctxt?: string;
  msgid: string;
  msgstr: string;
}

function unquote(text: string): string {
  return JSON.parse(text.trim()) as string;
}

/** Blocks separated by blank lines, each a list of comment and keyword lines. */
function blocks(text: string): string[][] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((b) => b.split('\n').filter((l) => l !== ''));
}

function readBlock(lines: string[]): PoEntry {
  const entry: PoEntry = { comments: [], msgid: '', msgstr: '' };
  let current: 'msgid' | 'msgstr' | 'msgctxt' | null = null;
  for (const line of lines) {
    const keyword = /^(msgid|msgstr|msgctxt) (.*)$/.exec(line);
    if (line.startsWith('#')) entry.comments.push(line);
    else if (keyword) {
      current = keyword[1] as 'msgid' | 'msgstr' | 'msgctxt';
      entry[current] = unquote(keyword[2]!);
    } else if (line.startsWith('"') && current) entry[current] = (entry[current] ?? '') + unquote(line);
  }
  return entry;
}

function writeBlock(entry: PoEntry): string {
  const lines = [...entry.comments];
  if (entry.msgctxt !== undefined) lines.push(`msgctxt ${JSON.stringify(entry.msgctxt)}`);
  lines.push(`msgid ${JSON.stringify(entry.msgid)}`, `msgstr ${JSON.stringify(entry.msgstr)}`);
  return lines.join('\n');
}

/** Every entry of a catalogue but its header. */
export function parsePo(text: string): PoEntry[] {
  return blocks(text)
    .map(readBlock)
    .filter((e) => e.msgid !== '');
}

/** Rewrites each entry through `fn`, keeping the header and the order. */
export function mapPoEntries(text: string, fn: (entry: PoEntry) => PoEntry): string {
  const out = blocks(text).map((lines) => {
    const entry = readBlock(lines);
    return entry.msgid === '' ? lines.join('\n') : writeBlock(fn(entry));
  });
  return out.join('\n\n') + '\n';
}
