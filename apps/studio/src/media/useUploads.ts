// Uploads in flight with their progress (XMLHttpRequest upload events), one entry per file; finished ones stay
// listed until dismissed so an error can be read.

import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/context';
import { keys } from '../api/queries';
import type { Media } from '../api/types';

export interface Upload {
  key: string;
  name: string;
  /** 0–1. */
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

let counter = 0;

export function useUploads() {
  const api = useApi();
  const client = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);

  const patch = useCallback((key: string, change: Partial<Upload>) => {
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }, []);

  const upload = useCallback(
    (files: File[], replaceId?: string) => {
      for (const file of files) {
        const key = `upload-${++counter}`;
        setUploads((list) => [...list, { key, name: file.name, progress: 0, state: 'uploading' }]);
        const path = replaceId === undefined ? '/media' : `/media/${encodeURIComponent(replaceId)}`;
        api
          .upload<Media>(replaceId === undefined ? 'POST' : 'PUT', path, file, (progress) =>
            patch(key, { progress }),
          )
          .then(
            () => {
              patch(key, { state: 'done', progress: 1 });
              void client.invalidateQueries({ queryKey: keys.media });
              void client.invalidateQueries({ queryKey: keys.screens });
            },
            (error: unknown) =>
              patch(key, { state: 'failed', error: error instanceof Error ? error.message : String(error) }),
          );
      }
    },
    [api, client, patch],
  );

  const dismiss = useCallback((key: string) => setUploads((list) => list.filter((u) => u.key !== key)), []);
  return { uploads, upload, dismiss };
}
