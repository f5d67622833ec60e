import { jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SERVICE_IMAGE_LIST_MAX } from '@wrenchlog/contracts/limits';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';

// jsdom cannot decode or draw images: the browser resize is replaced by a stand-in that "prepares"
// every file except one named broken.jpg. The resize itself is tested in lib/image-resize.spec.ts
// and in real Chromium by the web-e2e suite.
jest.unstable_mockModule('../../lib/image-resize', () => ({
  ACCEPTED_IMAGE_TYPES: ['image/jpeg', 'image/png', 'image/webp'],
  prepareImages: async (files: File[]) => ({
    prepared: files.filter((f) => f.name !== 'broken.jpg').map((file) => ({ file, original: new Blob(['original']), thumbnail: new Blob(['thumb']) })),
    failed: files.filter((f) => f.name === 'broken.jpg').map((file) => ({ file, reason: 'The source image cannot be decoded.' })),
  }),
}));
const { RecordPhotos } = await import('./RecordPhotos');

const user = userEvent.setup({ delay: null });
const jpeg = (name: string) => new File([new Uint8Array([255, 216, 255])], name, { type: 'image/jpeg' });
const stored = (id: number, fileName: string) => ({ id, fileName, thumbnailUrl: `/img/t${id}`, originalUrl: `/img/o${id}`, state: 'processed', error: null });

beforeEach(() => {
  localStorage.clear();
  signIn();
  let n = 0;
  URL.createObjectURL = () => `blob:preview-${++n}`;
  URL.revokeObjectURL = () => undefined;
});

describe('RecordPhotos uploads', () => {
  it('uploads the prepared photos as images[i][original] and [thumbnail], reporting a file that failed', async () => {
    let images: ReturnType<typeof stored>[] = [];
    const { calls } = mockFetch({
      'GET /api/services/5/images': () => json(images),
      'POST /api/services/5/images': () => {
        images = [stored(1, 'engine.jpg')];
        return json(images, 201);
      },
    });
    renderApp(<RecordPhotos recordId={5} />);
    await screen.findByText(/No photos yet/);
    fireEvent.change(screen.getByTestId('service-photos-input'), { target: { files: [jpeg('engine.jpg'), jpeg('broken.jpg')] } });
    expect(await screen.findByRole('button', { name: 'Open engine.jpg' })).toBeInTheDocument();
    expect(screen.getByText('Failed to process broken.jpg: The source image cannot be decoded.')).toBeInTheDocument();
    const form = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect([...form.keys()]).toEqual(['images[0][original]', 'images[0][thumbnail]']);
    expect((form.get('images[0][original]') as File).name).toBe('engine.jpg');
  });

  it('keeps the photos pending when the upload fails and sends them again on retry', async () => {
    let fail = true;
    let images: ReturnType<typeof stored>[] = [];
    const { calls } = mockFetch({
      'GET /api/services/5/images': () => json(images),
      'POST /api/services/5/images': () => {
        if (fail) {
          return json({ statusCode: 503, message: 'down' }, 503);
        }
        images = [stored(1, 'a.jpg'), stored(2, 'b.jpg')];
        return json(images, 201);
      },
    });
    renderApp(<RecordPhotos recordId={5} />);
    await screen.findByText(/No photos yet/);
    fireEvent.change(screen.getByTestId('service-photos-input'), { target: { files: [jpeg('a.jpg'), jpeg('b.jpg')] } });
    expect(await screen.findByText('Failed to upload images')).toBeInTheDocument();
    expect(screen.getByText('2 photos are waiting to upload.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'a.jpg (not uploaded yet)' })).toHaveAttribute('src', 'blob:preview-1');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry upload' }));
    expect(await screen.findByRole('button', { name: 'Open b.jpg' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/waiting to upload/)).not.toBeInTheDocument());
    expect(screen.queryByText('Failed to upload images')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('takes no photos before the record is saved', async () => {
    const { calls } = mockFetch({});
    renderApp(<RecordPhotos recordId={null} />);
    await user.click(screen.getByRole('button', { name: 'Add Images' }));
    expect(await screen.findByText('Please save the service record first before adding images')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
  it('says when the photo list is at the bound the gateway answers, and not below it', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => stored(i + 1, `p${i + 1}.jpg`));
    mockFetch({
      'GET /api/services/5/images': () => json(many(SERVICE_IMAGE_LIST_MAX)),
      'GET /api/services/6/images': () => json(many(SERVICE_IMAGE_LIST_MAX - 1)),
    });
    renderApp(<RecordPhotos recordId={5} />);
    expect(await screen.findByText('Showing the first 500 photos')).toBeInTheDocument();
    cleanup();
    renderApp(<RecordPhotos recordId={6} />);
    expect(await screen.findByRole('heading', { name: `Photos (${SERVICE_IMAGE_LIST_MAX - 1})` })).toBeInTheDocument();
    expect(screen.queryByText(/Showing the first/)).not.toBeInTheDocument();
  });
});
