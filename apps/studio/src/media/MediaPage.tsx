import { notifications } from '@mantine/notifications';
import { useDeleteMedia, useMediaList } from '../api/queries';
import { useConfirm } from '../common/useConfirm';
import { MediaView } from './MediaView';
import { useUploads } from './useUploads';

export function MediaPage() {
  const media = useMediaList();
  const remove = useDeleteMedia();
  const { uploads, upload, dismiss } = useUploads();
  const confirm = useConfirm();
  return (
    <MediaView
      media={media.data}
      loading={media.isPending}
      error={media.error}
      uploads={uploads}
      onUpload={(files) => upload(files)}
      onReplace={(id, file) =>
        confirm(
          'Replace file',
          'Are you sure you want to replace this file? Every screen showing it switches to the new one.',
          () => upload([file], id),
        )
      }
      onDelete={(file) =>
        confirm('Delete file', `Are you sure you want to delete ${file.filename}?`, () =>
          remove.mutate(file.id, {
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Not deleted', message: error.message }),
          }),
        )
      }
      onDismiss={dismiss}
    />
  );
}
