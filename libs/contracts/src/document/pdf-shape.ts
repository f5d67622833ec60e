// What a document upload accepts as a PDF (issue 18), shared by the gateway's upload check and a
// restore's documents (issue 38), so both take the same files: `%PDF-<major>.<minor>` within the
// first 1024 bytes (as readers allow), `%%EOF` in the last 2048 (trailing whitespace or junk
// allowed), and at least one indirect object. A light sanity check, not a parse: the PDF is only
// stored and served as application/pdf.

const HEADER = /%PDF-[12]\.\d/;
const HEAD_WINDOW = 1024;
const TAIL_WINDOW = 2048;
const OBJECT_WINDOW = 1024 * 1024;

const latin1 = (bytes: Uint8Array, start: number, end: number): string => {
  let out = '';
  for (let i = start; i < end; i += 8192) {
    out += String.fromCharCode(...bytes.subarray(i, Math.min(end, i + 8192)));
  }
  return out;
};

/** Whether these bytes are a PDF as a document upload takes it (an empty file is not). */
export function isPdfDocument(bytes: Uint8Array): boolean {
  if (bytes.length === 0) {
    return false;
  }
  const header = HEADER.exec(latin1(bytes, 0, Math.min(bytes.length, HEAD_WINDOW)));
  if (!header) {
    return false;
  }
  const tail = latin1(bytes, Math.max(0, bytes.length - TAIL_WINDOW), bytes.length);
  return tail.includes('%%EOF') && /\d+\s+\d+\s+obj\b/.test(latin1(bytes, header.index, Math.min(bytes.length, OBJECT_WINDOW)));
}
