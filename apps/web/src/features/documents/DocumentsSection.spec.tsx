import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentView } from '@wrenchlog/contracts';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import { DocumentsSection } from './DocumentsSection';

const user = userEvent.setup({ delay: null });
const doc = (id: number, fileName: string, size = 345_000): DocumentView => ({
  id,
  parentKind: 'fuel-record',
  parentId: 9,
  fileName,
  contentType: 'application/pdf',
  size,
  createdAt: '2026-11-20T14:30:00.000Z',
  url: `/api/documents/files/u1/${id}-document.pdf?name=${encodeURIComponent(fileName)}&exp=1&sig=x`,
});
const pdf = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

/** XMLHttpRequest as the upload uses it: reports progress, then answers what `answer` says. */
interface SentUpload {
  url: string;
  headers: Record<string, string>;
  form: FormData;
}
let sent: SentUpload[] = [];
let answer: (upload: SentUpload) => { status: number; body: unknown } = () => ({ status: 201, body: {} });
let holdUpload = false;
class FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(form: FormData) {
    const upload = { url: this.url, headers: this.headers, form };
    sent.push(upload);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    if (holdUpload) {
      return;
    }
    setTimeout(() => {
      const { status, body } = answer(upload);
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  localStorage.clear();
  signIn();
  sent = [];
  holdUpload = false;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(cleanup);

describe('DocumentsSection', () => {
  it('says so when a record has no documents yet', async () => {
    mockFetch({ 'GET /api/fuel-records/9/documents': json([]) });
    renderApp(<DocumentsSection parent="fuel-records" parentId={9} />);
    expect(await screen.findByText('No documents yet. Attach PDF receipts, invoices or manuals.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Documents' })).toBeInTheDocument();
  });

  it('lists each document with its name as a new-tab link, its size and date', async () => {
    mockFetch({ 'GET /api/fuel-records/9/documents': json([doc(1, 'Pump invoice.pdf'), doc(2, 'Manual.pdf', 3 * 1048576)]) });
    renderApp(<DocumentsSection parent="fuel-records" parentId={9} />);
    const link = await screen.findByRole('link', { name: 'Pump invoice.pdf' });
    expect(link).toHaveAttribute('href', doc(1, 'Pump invoice.pdf').url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]).getByText('337 KB')).toBeInTheDocument();
    expect(within(rows[2]).getByText('3.0 MB')).toBeInTheDocument();
  });

  it('uploads a chosen PDF as the multipart file with a token, shows progress, then lists it', async () => {
    let list: DocumentView[] = [];
    mockFetch({ 'GET /api/services/4/documents': () => json(list) });
    answer = () => {
      list = [doc(7, 'receipt.pdf', 10)];
      return { status: 201, body: list[0] };
    };
    holdUpload = true;
    renderApp(<DocumentsSection parent="services" parentId={4} />);
    await screen.findByText(/No documents yet/);

    fireEvent.change(screen.getByLabelText('PDF document to upload'), { target: { files: [pdf('receipt.pdf')] } });
    expect(await screen.findByText('Uploading... 40%')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/api/services/4/documents');
    expect(sent[0].headers.authorization).toBe('Bearer token-1');
    expect(sent[0].headers['idempotency-key']).toMatch(/^document:/);
    expect((sent[0].form.get('file') as File).name).toBe('receipt.pdf');

    holdUpload = false;
    fireEvent.change(screen.getByLabelText('PDF document to upload'), { target: { files: [pdf('receipt.pdf')] } });
    expect(await screen.findByRole('link', { name: 'receipt.pdf' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Uploading/)).not.toBeInTheDocument());
  });

  it("shows the server's message for a refused file, and refuses an empty one before sending", async () => {
    mockFetch({ 'GET /api/purchases/3/documents': json([]) });
    answer = () => ({ status: 415, body: { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only PDF documents can be attached.' } });
    renderApp(<DocumentsSection parent="purchases" parentId={3} />);
    await screen.findByText(/No documents yet/);

    fireEvent.change(screen.getByLabelText('PDF document to upload'), { target: { files: [pdf('photo.pdf')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only PDF documents can be attached.');

    fireEvent.change(screen.getByLabelText('PDF document to upload'), { target: { files: [pdf('empty.pdf', 0)] } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The file is empty.'));
    expect(sent).toHaveLength(1);
  });

  it('deletes a document only after the confirmation', async () => {
    let list = [doc(1, 'old.pdf'), doc(2, 'keep.pdf')];
    const { calls } = mockFetch({
      'GET /api/machines/5/documents': () => json(list),
      'DELETE /api/documents/1': () => {
        list = list.filter((d) => d.id !== 1);
        return new Response(null, { status: 204 });
      },
    });
    renderApp(<DocumentsSection parent="machines" parentId={5} />);
    await user.click(await screen.findByRole('button', { name: 'Delete old.pdf' }));
    expect(await screen.findByText('Delete the document "old.pdf"? This cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete old.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'old.pdf' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'keep.pdf' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/documents/1']);
  });

  it('renders nothing for a record that is not found (its page says so)', async () => {
    const { calls } = mockFetch({});
    renderApp(<DocumentsSection parent="fuel-records" parentId={999} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/Loading documents/)).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument();
  });
});
