// The feed app on a screen: it shows the server's copy one item at a time (turning only while on screen) or as a
// list, keeps the last good copy for a reload without the network, never lets an empty or invalid answer replace
// it, shows text as text, and leaves a calm empty zone when there is nothing to show. Time is faked.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { CleanFeed, PlayerAppSpecOf } from '@marquee/protocol';
import { FeedApp } from './FeedApp';
import { FEED_POLL_MS, FEED_RETRY_MS, type FeedLoader } from './useFeed';

const SRC = 'https://signage.example/feeds/0123456789abcdefghijklmno';
const APP: PlayerAppSpecOf<'feed'> = {
  type: 'feed',
  url: 'https://news.example/feed.xml',
  src: SRC,
  itemDurationMs: 5000,
};
const NEWS: CleanFeed = {
  title: 'News',
  fetchedAt: 1000,
  items: [
    { title: 'Opening', text: 'The office opens', image: 'https://cdn.example/a.jpg' },
    { title: 'Canteen', text: 'Soup today' },
  ],
};
const EMPTY: CleanFeed = { title: '', items: [], fetchedAt: 0 };

/** A loader answering `answers` in turn (the last one from then on); an Error is thrown. */
function loader(...answers: unknown[]): FeedLoader & { calls: number } {
  const load = Object.assign(
    async () => {
      const answer = answers[Math.min(load.calls, answers.length - 1)];
      load.calls += 1;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    { calls: 0 },
  );
  return load;
}

const titles = () => screen.queryAllByRole('heading').map((heading) => heading.textContent);
const flush = () => act(async () => {});

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('FeedApp', () => {
  it('shows one item at a time, turning every itemDurationMs only while on screen', async () => {
    const { rerender } = render(<FeedApp app={APP} active={false} load={loader(NEWS)} />);
    await flush();
    expect(titles()).toEqual(['Opening']);
    expect(screen.getByText('The office opens')).toBeTruthy();
    expect(screen.getByRole('presentation').getAttribute('src')).toBe('https://cdn.example/a.jpg');
    act(() => void vi.advanceTimersByTime(20_000));
    expect(titles()).toEqual(['Opening']);

    rerender(<FeedApp app={APP} active load={loader(NEWS)} />);
    act(() => void vi.advanceTimersByTime(5000));
    expect(titles()).toEqual(['Canteen']);
    act(() => void vi.advanceTimersByTime(5000));
    expect(titles()).toEqual(['Opening']);
  });

  it('shows a list of at most maxItems, without images when told', async () => {
    const app = { ...APP, display: 'list' as const, maxItems: 1, showImages: false };
    render(<FeedApp app={app} active load={loader(NEWS)} />);
    await flush();
    expect(titles()).toEqual(['Opening']);
    expect(screen.queryByRole('presentation')).toBeNull();
  });

  it('shows the last good copy after a reload without the network', async () => {
    render(<FeedApp app={APP} active load={loader(NEWS)} />);
    await flush();
    cleanup();
    const offline = loader(new TypeError('Failed to fetch'));
    render(<FeedApp app={APP} active load={offline} />);
    expect(titles()).toEqual(['Opening']);
    await flush();
    expect(offline.calls).toBe(1);
    expect(titles()).toEqual(['Opening']);
  });

  it('never replaces a good copy by an empty or invalid answer, and takes a fresher one', async () => {
    const fresher: CleanFeed = { ...NEWS, fetchedAt: 2000, items: [{ title: 'Fresh', text: 'News' }] };
    const invalid = { ...NEWS, items: [{ title: 'x', text: 'y', image: 'javascript:alert(1)' }] };
    const load = loader(NEWS, EMPTY, invalid, fresher);
    render(<FeedApp app={APP} active={false} load={load} />);
    await flush();
    for (let poll = 0; poll < 2; poll += 1) {
      await act(async () => void vi.advanceTimersByTime(FEED_POLL_MS));
      expect(titles()).toEqual(['Opening']);
    }
    await act(async () => void vi.advanceTimersByTime(FEED_POLL_MS));
    expect(load.calls).toBe(4);
    expect(titles()).toEqual(['Fresh']);
  });

  it('shows feed text as text, never as markup', async () => {
    const sly: CleanFeed = {
      title: 'x',
      fetchedAt: 1,
      items: [{ title: '<script>window.x=1</script>', text: '<img src=x onerror=alert(1)>' }],
    };
    const { container } = render(<FeedApp app={APP} active load={loader(sly)} />);
    await flush();
    expect(titles()).toEqual(['<script>window.x=1</script>']);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('leaves a calm empty zone while there is nothing to show, and asks again sooner', async () => {
    const load = loader(EMPTY, new TypeError('offline'), NEWS);
    render(<FeedApp app={APP} active load={load} />);
    await flush();
    expect(screen.getByTestId('feed-empty')).toBeTruthy();
    expect(titles()).toEqual([]);
    await act(async () => void vi.advanceTimersByTime(FEED_RETRY_MS));
    expect(screen.getByTestId('feed-empty')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(FEED_RETRY_MS));
    expect(titles()).toEqual(['Opening']);
  });

  it('applies the text options of the app', async () => {
    const app = { ...APP, fontSize: 10, color: '#ff0000', background: '#000000', bold: true };
    render(<FeedApp app={app} active load={loader(NEWS)} />);
    await flush();
    // happy-dom knows no container units; the e2e sees the size in Chromium.
    const style = screen.getByTestId('feed-app').style;
    expect(style.color).toMatch(/#ff0000|rgb\(255, 0, 0\)/);
    expect(style.fontWeight).toBe('700');
  });
});
