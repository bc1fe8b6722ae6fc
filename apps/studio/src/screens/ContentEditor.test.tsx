import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStudio } from '../testUtils';
import { ContentEditor } from './ContentEditor';
import { CONTENT_MESSAGES } from './contentDraft';

describe('ContentEditor', () => {
  it('refuses an address that is no web address', async () => {
    const onSave = vi.fn();
    renderStudio(<ContentEditor sources={[]} media={[]} saving={false} onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Web page address'), 'menu.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Show on screen' }));
    expect(screen.getByText(CONTENT_MESSAGES.url)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the web page', async () => {
    const onSave = vi.fn();
    renderStudio(<ContentEditor sources={[]} media={[]} saving={false} onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Web page address'), 'https://menu.example.com/today');
    await userEvent.click(screen.getByRole('button', { name: 'Show on screen' }));
    expect(onSave).toHaveBeenCalledWith([{ type: 'url', src: 'https://menu.example.com/today' }]);
  });

  it('points to the media library when it is empty', async () => {
    renderStudio(<ContentEditor sources={[]} media={[]} saving={false} onSave={vi.fn()} />);
    await userEvent.click(screen.getByText('Image or video'));
    expect(screen.getByRole('link', { name: 'Upload an image or video' })).toBeTruthy();
  });
});
