import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import { CALENDAR_HOUR_PX } from '../constants';
import { renderStudio, routeApi, testGroup, testPlaylist, testSchedule } from '../testUtils';
import { SchedulesPage } from './SchedulesPage';

const breakfast = testSchedule({
  id: 'sc1',
  name: 'Breakfast',
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  from: '06:00',
  to: '11:00',
  startsOn: '2026-01-01',
});

function setup(routes: Record<string, unknown> = {}) {
  const { api, calls } = routeApi({
    'GET /schedules': { schedules: [breakfast] },
    'GET /playlists': { playlists: [testPlaylist({ id: 'pl1', name: 'Breakfast menu' })] },
    'GET /groups': { groups: [testGroup({ id: 'g1', name: 'Kitchens' })] },
    'GET /screens': { screens: [], nextCursor: null },
    ...routes,
  });
  renderStudio(<SchedulesPage />, { api });
  return { calls };
}

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/** Drags down a day column from one hour to another. */
function drag(day: string, fromHour: number, toHour: number) {
  const column = screen.getByTestId(`calendar-day-${day}`);
  fireEvent.pointerDown(column, { button: 0, clientY: fromHour * CALENDAR_HOUR_PX, pointerId: 1 });
  fireEvent.pointerMove(column, { clientY: toHour * CALENDAR_HOUR_PX, pointerId: 1 });
  fireEvent.pointerUp(column, { clientY: toHour * CALENDAR_HOUR_PX, pointerId: 1 });
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  await user().click(within(dialog).getByRole('textbox', { name: label }));
  // The dropdown is a portal beside the modal, which hides what is outside it from the accessibility tree.
  await user().click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('SchedulesPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-25T12:00:00Z')); // a Wednesday
  });
  afterEach(() => vi.useRealTimers());

  it('shows the week with each window on its days, and the time zone it is in', async () => {
    setup();
    await waitFor(() => expect(screen.getAllByTestId('calendar-block')).toHaveLength(5));
    expect(screen.getByTestId('calendar-week').textContent).toBe('2026-03-23 to 2026-03-29');
    const friday = screen.getByTestId('calendar-day-fri');
    expect(within(friday).getByTestId('calendar-block').textContent).toContain('06:00–11:00');
    expect(within(screen.getByTestId('calendar-day-sat')).queryByTestId('calendar-block')).toBeNull();
    expect(screen.getByText(/Times are in/).textContent).toContain(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it('creates a schedule from a window dragged on the calendar', async () => {
    const { calls } = setup({ 'POST /schedules': (body: unknown) => testSchedule(body as object) });
    await screen.findAllByTestId('calendar-block');
    drag('fri', 18, 21);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('From')).toHaveProperty('value', '18:00');
    expect(within(dialog).getByLabelText('To')).toHaveProperty('value', '21:00');
    expect(within(dialog).getByLabelText('First day')).toHaveProperty('value', '2026-03-27');
    await user().type(within(dialog).getByLabelText('Name'), 'Happy hour');
    await choose(dialog, 'Playlist', 'Breakfast menu');
    await user().click(within(dialog).getByLabelText('Every screen, present and future'));
    await user().click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(calls).toContainEqual([
        'POST',
        '/schedules',
        {
          name: 'Happy hour',
          playlistId: 'pl1',
          targets: { all: true },
          priority: 10,
          startsOn: '2026-03-27',
          endsOn: null,
          days: ['fri'],
          from: '18:00',
          to: '21:00',
          timezone: 'screen',
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refusal on the field the server names, and the overlaps it finds', async () => {
    setup({
      'PATCH /schedules/sc1': () => {
        throw new ApiError(
          400,
          'VALIDATION_FAILED',
          'targets names a group of another organisation',
          'targets',
        );
      },
      'POST /schedules/validate': {
        overlaps: [
          {
            screen: { id: 's1', name: 'Lobby' },
            schedule: { id: 'sc2', name: 'Lunch' },
            start: '2026-03-27T10:00:00+00:00',
            end: '2026-03-27T11:00:00+00:00',
          },
        ],
        days: 14,
      },
    });
    await user().click((await screen.findAllByTestId('calendar-block'))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user().click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByText('targets names a group of another organisation')).toBeTruthy();
    await user().click(within(dialog).getByRole('button', { name: 'Check overlaps' }));
    expect((await within(dialog).findByTestId('overlaps')).textContent).toBe(
      'Lobby: with Lunch, 2026-03-27 10:00 to 2026-03-27 11:00',
    );
  });
});
