import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlaySummaryRow } from '@marquee/management-api';
import { renderStudio, routeApi } from '../testUtils';
import { ReportsPage } from './ReportsPage';

const row = (
  day: string,
  name: string,
  plays: number,
  extra: Partial<PlaySummaryRow> = {},
): PlaySummaryRow => ({
  item: { key: name, name, src: `https://example.com/${name}` },
  day,
  plays,
  seconds: plays * 10,
  completed: plays,
  interrupted: 0,
  skipped: 0,
  errors: 0,
  folded: 0,
  ...extra,
});

function reportApi(rows: PlaySummaryRow[]) {
  return routeApi({
    'GET /plays/summary': { groupBy: ['day', 'item'], rows },
    'GET /screens': { screens: [], nextCursor: null },
    'GET /groups': { groups: [] },
    'GET /playlists': { playlists: [] },
  });
}

const summaryCalls = (calls: [string, string, unknown][]) =>
  calls
    .filter(([, path]) => path.startsWith('/plays/summary'))
    .map(([, path]) => new URL(path, 'http://x').searchParams);

describe('ReportsPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the last 7 days by day and item, and shows the chart and each item over the range', async () => {
    const { api, calls } = reportApi([
      row('2026-03-28', 'Menu', 3),
      row('2026-03-29', 'Menu', 2, { interrupted: 1, completed: 1 }),
      row('2026-03-29', 'Promo', 7),
    ]);
    renderStudio(<ReportsPage />, { api });
    const table = await screen.findByRole('table', { name: 'Plays by item' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) =>
        within(tr)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['Promo', '7', '0:01:10', '7', '0', '0', '0'],
      ['Menu', '5', '0:00:50', '4', '1', '0', '0'],
    ]);
    expect(screen.getByRole('img', { name: 'Plays per day per item' })).toBeTruthy();
    const [query] = summaryCalls(calls);
    expect(query?.get('groupBy')).toBe('day,item');
    const days = (Date.parse(query!.get('to')!) - Date.parse(query!.get('from')!)) / 86_400_000;
    expect(days).toBe(6);
  });

  it('names a last day before the first and asks nothing until it is fixed', async () => {
    const { api, calls } = reportApi([]);
    renderStudio(<ReportsPage />, { api });
    await screen.findByText('No plays in these days');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-10' } });
    expect(await screen.findByText('The last day must not be before the first')).toBeTruthy();
    expect(summaryCalls(calls).filter((query) => query.get('to')! < query.get('from')!)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-12' } });
    await waitFor(() =>
      expect(summaryCalls(calls).at(-1)?.toString()).toBe('from=2026-04-10&to=2026-04-12&groupBy=day%2Citem'),
    );
  });

  it('exports the CSV of the chosen days', async () => {
    const { api } = reportApi([row('2026-03-29', 'Menu', 1)]);
    const blob = vi.fn(async () => new Blob(['play_id\r\n'], { type: 'text/csv' }));
    api.blob = blob;
    const created = vi.fn(() => 'blob:plays');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderStudio(<ReportsPage />, { api });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(blob).toHaveBeenCalledWith('/plays?from=2026-03-01&to=2026-03-31&format=csv');
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('plays-2026-03-01-to-2026-03-31.csv');
  });
});
