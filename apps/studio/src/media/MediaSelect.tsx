import { Select, type SelectProps } from '@mantine/core';
import type { Media } from '../api/types';

/** Choosing an image or video of the media library. */
export function MediaSelect({
  media,
  ...props
}: { media: Media[] } & Omit<SelectProps, 'data' | 'label' | 'placeholder'>) {
  return (
    <Select
      label="Image or video"
      placeholder="Choose from the media library"
      data={media.map((file) => ({ value: file.id, label: `${file.filename} (${file.kind})` }))}
      {...props}
    />
  );
}
