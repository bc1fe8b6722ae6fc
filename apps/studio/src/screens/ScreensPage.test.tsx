import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStudio, routeApi, testGroup, testScreen } from '../testUtils';
import { ScreensPage } from './ScreensPage';

const lobby = testScreen({ id: 's1', name: 'Lobby' });
const kitchen = testScreen({ id: 's2', name: 'Kitchen', playerId: 'p2', tags: ['kitchen'] });

function setup() {
  const { api, calls } = routeApi({
    'GET /screens': (_body: unknown, path: string) =>
      path.includes('cursor=next-1')
        ? { screens: [kitchen], nextCursor: null }
        : path.includes('status=offline')
          ? { screens: [], nextCursor: null }
          : { screens: [lobby, kitchen], nextCursor: 'next-1' },
    'GET /groups': { groups: [testGroup({ id: 'g1', name: 'Kitchens' })] },
    'POST /screens/tags': { updated: 2 },
  });
  renderStudio(<ScreensPage />, { api });
  const gets = () =>
    calls.filter(([method, path]) => method === 'GET' && path.startsWith('/screens')).map(([, p]) => p);
  return { calls, gets };
}

describe('ScreensPage', () => {
  it('asks the server for one page at a time, and for the next one with its cursor', async () => {
    const { gets } = setup();
    await screen.findByText('Lobby');
    expect(gets()).toEqual(['/screens?limit=50']);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.queryByText('Lobby')).toBeNull());
    expect(gets()).toContain('/screens?limit=50&cursor=next-1');
    expect(screen.getByText('Page 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Lobby');
  });

  it('filters on the server by status, group and name', async () => {
    const { gets } = setup();
    await screen.findByText('Lobby');
    await userEvent.click(screen.getByText('Offline'));
    await screen.findByText('No screen matches');
    expect(gets()).toContain('/screens?status=offline&limit=50');
    await userEvent.type(screen.getByLabelText('Search by name'), 'kit');
    await waitFor(() => expect(gets()).toContain('/screens?status=offline&q=kit&limit=50'));
  });

  it('tags the selected screens at once', async () => {
    const { calls } = setup();
    await screen.findByText('Lobby');
    await userEvent.click(screen.getByLabelText('Select every screen on this page'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tag selected screens' }));
    const dialog = await screen.findByRole('dialog');
    const add = within(dialog).getByLabelText('Add tags');
    await userEvent.type(add, 'Two words{enter}');
    expect(within(dialog).getByText(/'two words' is not a tag/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Apply tags' })).toHaveProperty('disabled', true);
    await userEvent.type(add, '{backspace}');
    await userEvent.type(add, 'Menu-board{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply tags' }));
    await waitFor(() =>
      expect(calls).toContainEqual([
        'POST',
        '/screens/tags',
        { screenIds: ['s1', 's2'], add: ['menu-board'], remove: [] },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });
});
