import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import { renderStudio, routeApi, testLayout, testPlaylist } from '../testUtils';
import { LayoutPage } from './LayoutPage';

// The canvas measures 1600 × 900 CSS pixels: 1% of the screen is 16 px across and 9 px down.
const CANVAS = { width: 1600, height: 900 };

function setup(layout = testLayout(), patch?: (body: unknown) => unknown) {
  const { api, calls } = routeApi({
    'GET /layouts/l1': layout,
    'GET /playlists': { playlists: [testPlaylist()] },
    'GET /me': { role: 'editor' },
    'GET /media': { media: [] },
    'PATCH /layouts/l1': patch ?? ((body: unknown) => ({ ...layout, ...(body as object) })),
  });
  renderStudio(<LayoutPage />, { api, path: '/layouts/l1', route: '/layouts/:id' });
  return { calls };
}

const zone = (name: string) => screen.findByRole('button', { name: `Zone ${name}` });
const place = (element: HTMLElement) => {
  const { left, top, width, height } = element.style;
  return { left, top, width, height };
};

/** A pointer drag on `target` by (dx, dy) CSS pixels. */
function drag(target: Element, dx: number, dy: number) {
  fireEvent.pointerDown(target, { button: 0, pointerId: 1, clientX: 100, clientY: 100 });
  fireEvent.pointerMove(target, { pointerId: 1, clientX: 100 + dx / 2, clientY: 100 + dy / 2 });
  fireEvent.pointerUp(target, { pointerId: 1, clientX: 100 + dx, clientY: 100 + dy });
}

const input = (label: string) =>
  within(screen.getByTestId('zone-inspector')).getByLabelText(label) as HTMLInputElement;

// Each test drives Mantine through many renders: slow on a busy machine.
describe('the layout editor', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      ...CANVAS,
      x: 0,
      y: 0,
      left: 0,
      top: 0,
      right: CANVAS.width,
      bottom: CANVAS.height,
      toJSON: () => ({}),
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('moves a dragged zone, snapped to the grid and to the next zone’s edge', async () => {
    setup();
    const main = await zone('Main');
    drag(main, 83, 47); // 5.19 % across, 5.22 % down: the 2.5 % grid
    expect(place(main)).toMatchObject({ left: '5%', top: '5%', width: '50%' });
    expect(input('X (%)').value).toBe('5');
    drag(main, 66, -45); // its right edge comes to 59.1 %: it sticks to Side's left edge at 60 %
    expect(place(main)).toMatchObject({ left: '10%', top: '0%' });
  });

  it('previews the layout live: the clock app running, the playlist’s first item', async () => {
    setup();
    const preview = await screen.findByTestId('layout-preview');
    await waitFor(() =>
      expect(preview.querySelector('[data-app="clock"]')?.textContent).toMatch(/\d\d:\d\d/),
    );
    expect(preview.textContent).toContain('https://menu.example/breakfast');
  });

  it('resizes the selected zone from a handle, snapped', async () => {
    setup();
    const main = await zone('Main');
    drag(within(main).getByLabelText('Resize Main se'), 120, 45); // +7.5 %, +5 %
    expect(place(main)).toEqual({ left: '0%', top: '0%', width: '57.5%', height: '55%' });
    drag(within(main).getByLabelText('Resize Main e'), 38, 0); // 59.9 %: the edge of Side
    expect(place(main).width).toBe('60%');
  });

  it('keeps a dragged zone inside the screen, and flags one typed outside it', async () => {
    setup();
    const main = await zone('Main');
    drag(main, 5000, 5000);
    expect(place(main)).toMatchObject({ left: '50%', top: '50%' });
    await userEvent.clear(input('X (%)'));
    await userEvent.type(input('X (%)'), '80');
    expect(place(main).left).toBe('80%');
    expect(main.dataset.invalid).toBe('true');
    expect(screen.getByText('Outside the screen: x + width is more than 100')).toBeTruthy();
  });

  it('places a zone by its numbers', async () => {
    setup();
    const main = await zone('Main');
    await userEvent.clear(input('Width (%)'));
    await userEvent.type(input('Width (%)'), '33.5');
    await userEvent.clear(input('Y (%)'));
    await userEvent.type(input('Y (%)'), '12');
    expect(place(main)).toMatchObject({ top: '12%', width: '33.5%' });
    expect(input('Width (%)').value).toBe('33.5');
  });

  it('refuses a 13th zone', async () => {
    const twelve = Array.from({ length: 12 }, (_, index) => ({
      id: `z${index}`,
      name: `Z${index}`,
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      z: index,
      content: { playlistId: 'pl1' },
    }));
    setup(testLayout({ zones: twelve }));
    await zone('Z11');
    await userEvent.click(screen.getByRole('button', { name: 'Add zone' }));
    expect(screen.getByTestId('zones-error').textContent).toContain('at most 12 zones');
    expect(screen.getAllByRole('button', { name: /^Zone / })).toHaveLength(12);
  });

  it("shows the server's refusal on the field it names", async () => {
    const { calls } = setup(testLayout(), () => {
      throw new ApiError(400, 'VALIDATION', 'zones.1.width: must be at most 100', 'zones.1.width');
    });
    await zone('Main');
    await userEvent.click(screen.getByRole('button', { name: 'Save layout' }));
    // The second zone is selected, the message under its width.
    await waitFor(() => expect(input('Zone id').value).toBe('side'));
    expect(
      within(screen.getByTestId('zone-inspector')).getByText('zones.1.width: must be at most 100'),
    ).toBeTruthy();
    expect(calls.filter(([method]) => method === 'PATCH')).toHaveLength(1);
  });

  it('says an html app’s configuration must be a JSON object before sending it', async () => {
    const { calls } = setup();
    const side = await zone('Side');
    fireEvent.pointerDown(side, { button: 0, pointerId: 2, clientX: 0, clientY: 0 });
    fireEvent.pointerUp(side, { pointerId: 2, clientX: 0, clientY: 0 });
    await userEvent.click(input('App'));
    await userEvent.click(await screen.findByRole('option', { name: 'Web app (HTML)', hidden: true }));
    const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
    type('App address', 'https://apps.example/room');
    type('Configuration (JSON)', '[1, 2]');
    expect(within(screen.getByTestId('zone-inspector')).getByText(/Must be a JSON object/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save layout' }));
    expect(calls.filter(([method]) => method === 'PATCH')).toHaveLength(0);
    type('Configuration (JSON)', '{"room": "A1"}');
    expect(screen.queryAllByText(/Must be a JSON object/)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save layout' }));
    await waitFor(() => expect(calls.filter(([method]) => method === 'PATCH')).toHaveLength(1));
    const body = calls.find(([method]) => method === 'PATCH')?.[2] as { zones: { content: unknown }[] };
    expect(body.zones[1]?.content).toEqual({
      app: { type: 'html', url: 'https://apps.example/room', config: { room: 'A1' } },
    });
  });
});
