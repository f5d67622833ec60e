import { inflateSync } from 'node:zlib';

/** The code -> text maps of a PDF's ToUnicode CMaps (bfchar, and bfrange in both its forms). */
function toUnicodeMaps(cmap: string, map: Map<string, string>): void {
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const start = parseInt(r[1]!, 16);
      const end = parseInt(r[2]!, 16);
      const width = r[1]!.length;
      // A ligature's target holds several code points (`<0066 0069>` for "fi"), space-separated.
      const targets = r[3]!.startsWith('[') ? [...r[3]!.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((t) => t[1]!.replace(/\s+/g, '')) : null;
      for (let code = start; code <= end; code += 1) {
        const target = targets ? targets[code - start] : (parseInt(r[3]!.slice(1, -1), 16) + code - start).toString(16).padStart(4, '0');
        if (target !== undefined) {
          map.set(code.toString(16).padStart(width, '0'), utf16(target));
        }
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const c of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(c[1]!.toLowerCase(), utf16(c[2]!));
    }
  }
}

/**
 * The text, page count, image count and font names of a PDF that pdfkit wrote: each content stream
 * inflated, the hex strings of its Tj/TJ operators decoded through the embedded font's ToUnicode
 * map (4 hex digits a glyph), else as WinAnsi (Latin-1 for these texts).
 */
export function readPdf(bytes: Buffer): { pages: number; images: number; text: string; fonts: string[] } {
  const raw = bytes.toString('latin1');
  const contents: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    try {
      contents.push(inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1'));
    } catch {
      // an image (DCT) or a font program, not text
    }
  }
  const unicode = new Map<string, string>();
  for (const c of contents.filter((x) => x.includes('begincmap'))) {
    toUnicodeMaps(c, unicode);
  }
  const decode = (hex: string) =>
    unicode.size > 0
      ? (hex.toLowerCase().match(/.{4}/g) ?? []).map((code) => unicode.get(code) ?? '\uFFFD').join('')
      : Buffer.from(hex, 'hex').toString('latin1');
  const lines: string[] = [];
  // The two alternatives inside [...] never match the same text: an ambiguous one backtracked for
  // ever on a long content stream.
  for (const content of contents) {
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]<])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      lines.push(hexes.map(decode).join(''));
    }
  }
  return {
    pages: (raw.match(/\/Type \/Page\b(?!s)/g) ?? []).length,
    images: (raw.match(/\/Subtype \/Image/g) ?? []).length,
    text: lines.join('\n'),
    fonts: [...new Set([...raw.matchAll(/\/BaseFont \/([^\s/>]+)/g)].map((f) => f[1]!))],
  };
}
