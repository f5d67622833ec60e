import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { IMAGE_TYPE_MESSAGE } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import { machineKeys, machinesApi } from '../../api/machines';
import type { Machine, MachinePhoto } from '../../api/types';
import { useConfirm } from '../../components/confirm';
import { ACCEPTED_IMAGE_TYPES, prepareImages } from '../../lib/image-resize';
import { refusalDetail } from '../../core/forms/FormBanner';
import { processFailedText } from '../../core/image-texts';
import { useDeleteGalleryPhotos, useDeleteProfilePhoto, useUploadGallery, useUploadProfilePhoto } from './machine-mutations';

const CONFIRM_PHOTO_DELETE = 'Are you sure you want to delete this photo?';

/**
 * The photos of the basic-info panel: the profile photo and the gallery, resized in the browser
 * before upload, each delete confirmed; one message and one busy mark for both.
 */
export function useMachinePhotos(machine: Machine) {
  const api = useApi();
  const uploadProfilePhoto = useUploadProfilePhoto(machine.id);
  const deleteProfilePhoto = useDeleteProfilePhoto(machine.id);
  const uploadGalleryPhotos = useUploadGallery(machine.id);
  const deleteGalleryPhotos = useDeleteGalleryPhotos(machine.id);
  const { confirm, dialog } = useConfirm();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [photoBusy, setPhotoBusy] = useState<'profile' | 'gallery' | null>(null);
  // Asked only when the machine has one: no 404 round trip for the stock image.
  const profile = useQuery({
    queryKey: machineKeys.profilePhoto(machine.id),
    queryFn: () => machinesApi.profilePhoto(api, machine.id),
    enabled: machine.profilePhoto !== null && machine.profilePhoto !== undefined,
  });
  const gallery = useQuery({ queryKey: machineKeys.gallery(machine.id), queryFn: () => machinesApi.gallery(api, machine.id) });

  async function uploadProfile(file: File) {
    setPhotoError(null);
    if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
      setPhotoError(IMAGE_TYPE_MESSAGE);
      return;
    }
    setPhotoBusy('profile');
    try {
      // A file the browser cannot read says so by name, as the service record photos do.
      const { prepared, failed } = await prepareImages([file]);
      if (failed.length > 0) {
        console.error('Profile photo could not be processed', failed[0].reason);
        setPhotoError(processFailedText(file.name, failed[0].reason));
        return;
      }
      const { original, thumbnail } = prepared[0];
      await uploadProfilePhoto.mutateAsync({ original, thumbnail });
    } catch (err) {
      console.error('Profile photo upload failed', err);
      setPhotoError(refusalDetail(err) ?? 'The photo could not be uploaded. Please try again.');
    } finally {
      setPhotoBusy(null);
    }
  }

  async function deleteProfile() {
    if (!(await confirm(CONFIRM_PHOTO_DELETE, 'Yes, delete'))) {
      return;
    }
    setPhotoError(null);
    setPhotoBusy('profile');
    try {
      await deleteProfilePhoto.mutateAsync();
    } catch (err) {
      console.error('Profile photo delete failed', err);
      setPhotoError('The photo could not be deleted. Please try again.');
    } finally {
      setPhotoBusy(null);
    }
  }

  async function uploadGallery(files: File[]) {
    setPhotoError(null);
    if (files.some((f) => !ACCEPTED_IMAGE_TYPES.includes(f.type))) {
      setPhotoError(IMAGE_TYPE_MESSAGE);
      return;
    }
    setPhotoBusy('gallery');
    // Files the browser cannot read are named in the message; the others are still uploaded.
    const notes: string[] = [];
    try {
      const { prepared, failed } = await prepareImages(files);
      for (const f of failed) {
        console.error('Gallery photo could not be processed', f.file.name, f.reason);
        notes.push(processFailedText(f.file.name, f.reason));
      }
      setPhotoError(notes.join(' ') || null);
      if (prepared.length === 0) {
        return;
      }
      await uploadGalleryPhotos.mutateAsync(prepared);
    } catch (err) {
      console.error('Gallery upload failed', err);
      setPhotoError([...notes, refusalDetail(err) ?? 'The photos could not be uploaded. Please try again.'].join(' '));
    } finally {
      setPhotoBusy(null);
    }
  }

  async function deletePhoto(photo: MachinePhoto) {
    if (!(await confirm(CONFIRM_PHOTO_DELETE, 'Yes, delete'))) {
      return;
    }
    setPhotoError(null);
    setPhotoBusy('gallery');
    try {
      await deleteGalleryPhotos.mutateAsync([photo.id]);
    } catch (err) {
      console.error('Photo delete failed', err);
      setPhotoError('The photo could not be deleted. Please try again.');
    } finally {
      setPhotoBusy(null);
    }
  }

  return { profile, gallery, photoError, setPhotoError, photoBusy, uploadProfile, deleteProfile, uploadGallery, deletePhoto, dialog };
}
