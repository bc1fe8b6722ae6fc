// The layout editor's preview of the zones whose content comes from elsewhere: a feed zone shows the server's
// cleaned feed (a loader first, the server's reason on failure), and a web app zone runs the app in its sandboxed
// frame, answering the app API with a preview context and starting it again after done().

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../api/client';
import { renderStudio, routeApi, testLayout, testPlaylist } from '../../testUtils';
import { LayoutPage } from '../LayoutPage';
import { APP_RESTART_PAUSE_MS } from './AppPreviewZone';

const FEED_URL = 'https://news.example/feed.xml';
const APP_URL = 'https://apps.example/app/index.html';
const APP_ORIGIN = 'https://apps.example';

function setup(feedAnswer: (body: unknown, path: string) => unknown) {
  const layout = testLayout({
    zones: [
      {
        id: 'news',
        name: 'News',
        x: 0,
        y: 0,
        width: 50,
        height: 100,
        z: 0,
        content: { app: { type: 'feed', url: FEED_URL, display: 'list' } },
      },
      {
        id: 'web',
        name: 'Web',
        x: 50,
        y: 0,
        width: 50,
        height: 100,
        z: 1,
        content: { app: { type: 'html', url: APP_URL, config: { greeting: 'Hi' } } },
      },
    ],
  });
  const { api, calls } = routeApi({
    'GET /layouts/l1': layout,
    'GET /playlists': { playlists: [testPlaylist()] },
    'GET /me': { role: 'editor' },
    'GET /media': { media: [] },
    'GET /feeds/preview': feedAnswer,
  });
  renderStudio(<LayoutPage />, { api, path: '/layouts/l1', route: '/layouts/:id' });
  return { calls };
}

afterEach(() => vi.restoreAllMocks());

describe('the layout preview', { timeout: 30_000 }, () => {
  it('shows a loader, then the feed the server cleaned, drawn as a screen draws it', async () => {
    let answer!: (feed: unknown) => void;
    const { calls } = setup(() => new Promise((resolve) => (answer = resolve)));
    const preview = await screen.findByTestId('layout-preview');
    expect(await screen.findByLabelText('Loading the feed')).toBeTruthy();
    expect(calls.map(([method, path]) => `${method} ${path}`)).toContain(
      `GET /feeds/preview?url=${encodeURIComponent(FEED_URL)}`,
    );
    await act(async () =>
      answer({
        title: 'News',
        fetchedAt: 1,
        items: [
          { title: 'Opening', text: 'The office opens' },
          { title: '<b>Canteen</b>', text: 'Soup today' },
        ],
      }),
    );
    await waitFor(() =>
      expect([...preview.querySelectorAll('[data-app="feed"] h2')].map((h) => h.textContent)).toEqual([
        'Opening',
        '<b>Canteen</b>',
      ]),
    );
    expect(preview.querySelector('[data-app="feed"] b')).toBeNull();
  });

  it('shows why a feed cannot be read in its zone', async () => {
    setup(() => {
      throw new ApiError(400, 'FEED_UNREADABLE', 'The feed could not be read: answered 503', 'url');
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The feed could not be read: answered 503',
    );
  });

  it('runs a web app with a preview context, and starts it again after done()', async () => {
    // happy-dom loads no frames (and says so on the console): the app's window is played here, in the documented
    // wire format.
    const received: Record<string, unknown>[] = [];
    const appWindow = { postMessage: (message: string) => received.push(JSON.parse(message)) };
    vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(appWindow as never);
    setup(() => ({ title: '', items: [], fetchedAt: 1 }));
    const preview = await screen.findByTestId('layout-preview');
    const frame = await waitFor(() => {
      const found = preview.querySelector('iframe');
      if (found === null) throw new Error('no frame yet');
      return found;
    });
    expect(frame.getAttribute('src')).toBe(APP_URL);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(screen.getByTestId('app-preview-caption').textContent).toContain('starts again after 2 s');

    const send = (body: unknown) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: JSON.stringify(body),
            origin: APP_ORIGIN,
            source: appWindow as never,
          }),
        );
      });
    const answered = (predicate: (message: Record<string, unknown>) => boolean) =>
      waitFor(() => {
        const found = received.find(predicate);
        if (found === undefined) throw new Error(`not yet: ${JSON.stringify(received)}`);
        return found;
      });
    const events = () =>
      received.flatMap((message) => ('event' in message ? [(message.event as { type: string }).type] : []));

    await send({ ping: { from: 'app-1', connection: '1' } });
    await answered((message) => 'pong' in message);
    await send({ call: { id: 1, method: 'getContext', args: [] } });
    const context = (await answered((message) => 'result' in message)).result as { value: unknown };
    expect(context.value).toMatchObject({
      screen: { id: 'preview', name: 'Preview', tags: [] },
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      config: { greeting: 'Hi' },
    });
    expect(context.value).toHaveProperty('zone.width');
    expect(context.value).toHaveProperty('orientation');
    await send({ subscribe: 'start' });
    await send({ subscribe: 'stop' });
    await waitFor(() => expect(events()).toEqual(['start']));

    await send({ call: { id: 2, method: 'done', args: [] } });
    await waitFor(() => expect(events()).toEqual(['start', 'stop']));
    expect(screen.getByTestId('app-restarting')).toBeTruthy();
    await waitFor(() => expect(events()).toEqual(['start', 'stop', 'start']), {
      timeout: APP_RESTART_PAUSE_MS + 3000,
    });
  });
});
