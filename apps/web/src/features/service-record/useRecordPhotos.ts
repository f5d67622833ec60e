import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { IMAGE_TYPE_MESSAGE } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import { ACCEPTED_IMAGE_TYPES, prepareImages } from '../../lib/image-resize';
import { randomKey } from '../../lib/random-key';
import { serviceRecordApi, serviceRecordKeys, useDeleteServiceImages, useUploadServiceImages, type PreparedImage } from './service-record-api';
import { processFailedText } from '../../core/image-texts';
import { chunk, IMAGES_PER_REQUEST, message } from './service-record-logic';
import { i18n } from '../../core/i18n/i18n';

/** A photo prepared in the browser and not yet stored: shown greyed out, kept for a retry. */
export interface PendingImage extends PreparedImage {
  key: string;
  previewUrl: string;
}

export interface UploadProgress {
  label: string;
  /** 0 to 100. */
  value: number;
}

/**
 * The Idempotency-Key of a batch: a retry of the same photos sends the same key, so photos whose
 * first upload was stored although its answer was lost are not stored twice.
 */
function batchKey(batch: PendingImage[]): string {
  return `photos:${batch[0].key}:${batch[batch.length - 1].key}:${batch.length}`;
}

/**
 * The photos of a saved record: the list, adding (resize in the browser, then upload in batches),
 * the pending photos kept for a retry when an upload fails, and deleting a selection.
 */
export function useRecordPhotos(recordId: number | null) {
  const api = useApi();
  const images = useQuery({
    queryKey: serviceRecordKeys.images(recordId ?? 0),
    queryFn: () => serviceRecordApi.images(api, recordId!),
    enabled: recordId !== null,
  });
  const [pending, setPendingState] = useState<PendingImage[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);

  // Preview URLs are released when their photo is stored, discarded, or the screen closes.
  const pendingRef = useRef<PendingImage[]>([]);
  const setPending = (next: PendingImage[]) => {
    pendingRef.current = next;
    setPendingState(next);
  };
  useEffect(() => () => pendingRef.current.forEach((p) => URL.revokeObjectURL(p.previewUrl)), []);

  const uploadBatch = useUploadServiceImages();
  const deleteImages = useDeleteServiceImages();

  async function upload(items: PendingImage[], notes: string[] = []) {
    if (recordId === null) {
      setErrors([...notes, message('saveBeforeUploading')]);
      return;
    }
    const batches = chunk(items, IMAGES_PER_REQUEST);
    let left = items;
    setPending(left);
    setErrors(notes);
    try {
      for (const [i, batch] of batches.entries()) {
        setProgress({ label: i18n.t('photos.uploading', { ns: 'serviceRecord', count: items.length }), value: Math.max(10, (i / batches.length) * 100) });
        await uploadBatch.mutateAsync({ recordId, images: batch, idempotencyKey: batchKey(batch) });
        batch.forEach((p) => URL.revokeObjectURL(p.previewUrl));
        left = left.filter((p) => !batch.includes(p));
        setPending(left);
      }
    } catch (err) {
      console.error('Service image upload failed', err);
      // The photos not stored stay pending, ready for a retry.
      setErrors([...notes, message('uploadFailed')]);
    } finally {
      setProgress(null);
    }
  }

  async function add(files: File[]) {
    if (recordId === null) {
      setErrors([message('saveBeforeAdding')]);
      return;
    }
    if (files.length === 0) {
      return;
    }
    const notes: string[] = [];
    const accepted = files.filter((f) => ACCEPTED_IMAGE_TYPES.includes(f.type));
    if (accepted.length < files.length) {
      notes.push(IMAGE_TYPE_MESSAGE);
    }
    setErrors(notes);
    if (accepted.length === 0) {
      return;
    }
    setProgress({ label: i18n.t('photos.preparing', { ns: 'serviceRecord' }), value: 0 });
    const { prepared, failed } = await prepareImages(accepted, (done, total) =>
      setProgress({ label: i18n.t('photos.preparingOf', { ns: 'serviceRecord', done, total }), value: (done / total) * 100 }),
    );
    notes.push(...failed.map((f) => processFailedText(f.file.name, f.reason)));
    const fresh: PendingImage[] = prepared.map((p) => ({
      key: randomKey(),
      fileName: p.file.name,
      original: p.original,
      thumbnail: p.thumbnail,
      previewUrl: URL.createObjectURL(p.thumbnail),
    }));
    if (fresh.length === 0) {
      setProgress(null);
      setErrors(notes);
      return;
    }
    await upload([...pendingRef.current, ...fresh], notes);
  }

  function discardPending() {
    pending.forEach((p) => URL.revokeObjectURL(p.previewUrl));
    setPending([]);
    setErrors([]);
  }

  /** Deletes the photos; answers whether it worked. */
  async function remove(ids: number[]): Promise<boolean> {
    if (recordId === null || ids.length === 0) {
      return false;
    }
    setDeleting(true);
    setErrors([]);
    try {
      await deleteImages.mutateAsync({ recordId, imageIds: ids });
      return true;
    } catch (err) {
      console.error('Service image delete failed', err);
      setErrors([message('deleteImagesFailed')]);
      return false;
    } finally {
      setDeleting(false);
    }
  }

  return {
    images,
    pending,
    progress,
    errors,
    deleting,
    busy: progress !== null || deleting,
    add,
    retry: () => upload(pending),
    discardPending,
    remove,
  };
}
