import type { Ref } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '../lib/image-resize';

/**
 * The hidden file picker behind an 'Add' button (open it with ref.current.click()): JPEG, PNG and
 * WebP only, cleared after each choice so picking the same file again fires again.
 */
export function ImageFileInput({
  ref,
  multiple = false,
  testId,
  onFiles,
}: {
  ref: Ref<HTMLInputElement>;
  multiple?: boolean;
  testId: string;
  onFiles: (files: File[]) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={ACCEPTED_IMAGE_TYPES.join(',')}
      multiple={multiple}
      hidden
      data-testid={testId}
      onChange={(e) => {
        const files = Array.from(e.currentTarget.files ?? []);
        e.currentTarget.value = '';
        if (files.length > 0) {
          onFiles(files);
        }
      }}
    />
  );
}
