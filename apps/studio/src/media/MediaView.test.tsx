import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderStudio } from '../testUtils';
import { MediaView } from './MediaView';

const handlers = { onUpload: vi.fn(), onReplace: vi.fn(), onDelete: vi.fn(), onDismiss: vi.fn() };

describe('MediaView', () => {
  it('tells a newcomer to upload a first file and what to do with it', () => {
    renderStudio(<MediaView {...handlers} media={[]} loading={false} error={null} uploads={[]} />);
    expect(screen.getByText('Your media library is empty')).toBeTruthy();
  });

  it('shows each upload with its progress, and why one failed', () => {
    renderStudio(
      <MediaView
        {...handlers}
        media={[]}
        loading={false}
        error={null}
        uploads={[
          { key: 'a', name: 'menu.png', progress: 0.42, state: 'uploading' },
          {
            key: 'b',
            name: 'huge.mp4',
            progress: 0.1,
            state: 'failed',
            error: 'The file is larger than 200 MB',
          },
        ]}
      />,
    );
    expect(screen.getByText('42%')).toBeTruthy();
    expect(screen.getByLabelText('Upload progress of menu.png').getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('The file is larger than 200 MB')).toBeTruthy();
  });

  it('shows the API error when the library cannot be read', () => {
    renderStudio(
      <MediaView
        {...handlers}
        media={undefined}
        loading={false}
        error={new Error('Your session has expired')}
        uploads={[]}
      />,
    );
    expect(screen.getByText('Could not load the media library')).toBeTruthy();
    expect(screen.getByText('Your session has expired')).toBeTruthy();
  });
});
