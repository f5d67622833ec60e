import { makeImage, makePdf } from '@wrenchlog/testing';
import { checkPdf, documentName, inlineDisposition } from './pdf-check.js';

describe(checkPdf.name, () => {
  it('takes a real PDF', () => {
    expect(() => checkPdf(makePdf('Invoice 42'))).not.toThrow();
  });

  it('refuses a JPEG named .pdf, HTML and a bare header with 415', async () => {
    const type = { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only PDF documents can be attached.' };
    for (const bytes of [await makeImage(40, 30, 'jpeg'), Buffer.from('<html><script>alert(1)</script></html>'), Buffer.from('%PDF-1.7\n')]) {
      let thrown: unknown;
      try {
        checkPdf(bytes);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toMatchObject(type);
    }
  });

  it('refuses a truncated PDF (no %%EOF)', () => {
    const pdf = makePdf();
    expect(() => checkPdf(pdf.subarray(0, pdf.length - 20))).toThrow('Only PDF documents can be attached.');
  });

  it('refuses an empty file with 400 and more than 20 MB with 413', () => {
    expect(() => checkPdf(Buffer.alloc(0))).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', message: 'The file is empty.' }) as unknown as Error);
    expect(() => checkPdf(makePdf('big', 20 * 1024 * 1024 + 10))).toThrow(
      expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE', message: 'A document must be at most 20 MB.' }) as unknown as Error,
    );
  });
});

describe(documentName.name, () => {
  it('keeps the last segment of the sent name, without control characters', () => {
    expect(documentName('C:\\scans\\invoice 42.pdf')).toBe('invoice 42.pdf');
    expect(documentName('../../etc/passwd')).toBe('passwd');
    expect(documentName('bad\u0000\u202ename.pdf')).toBe('badname.pdf');
    expect(documentName('   ')).toBe('document.pdf');
    expect(documentName(undefined)).toBe('document.pdf');
  });

  it('cuts a long name to 200 characters, keeping the extension', () => {
    const name = documentName(`${'a'.repeat(300)}.pdf`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe(inlineDisposition.name, () => {
  it('opens inline under an ASCII fallback and the exact UTF-8 name', () => {
    expect(inlineDisposition('Reçu "mai".pdf')).toBe(`inline; filename="Re_u _mai_.pdf"; filename*=UTF-8''Re%C3%A7u%20%22mai%22.pdf`);
  });
});
