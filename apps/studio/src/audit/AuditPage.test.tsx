import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStudio, routeApi } from '../testUtils';
import { AuditPage } from './AuditPage';

const entry = (id: string, at: number) => ({
  id,
  at,
  actor: { kind: 'apiKey', id: 'k1', name: 'Room booking' },
  action: 'playlist.update',
  target: { type: 'playlist', id: 'pl1' },
  before: { name: 'Breakfast', items: [] },
  after: { name: 'Lunch', items: [] },
  ip: '203.0.113.9',
});

function queryOf(path: string) {
  return Object.fromEntries(new URL(path, 'http://x').searchParams);
}

describe('AuditPage', () => {
  it('filters by local dates, actor and target, and loads more with the cursor', async () => {
    const { api, calls } = routeApi({
      'GET /audit': (_body: unknown, path: string) =>
        queryOf(path).cursor === 'c2'
          ? { entries: [entry('e2', 1_000)], nextCursor: null }
          : { entries: [entry('e1', 2_000)], nextCursor: 'c2' },
    });
    renderStudio(<AuditPage />, { api });
    await screen.findByTestId('audit-row-e1');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-28' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-29' } });
    await userEvent.type(screen.getByLabelText('Who (member or key id)'), 'k1');
    await userEvent.type(screen.getByLabelText('Target id'), 'pl1');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByTestId('audit-row-e2');
    const paths = calls.map(([, path]) => path);
    const last = queryOf(paths.at(-1)!);
    // Whole local days: the 28th's midnight to the last millisecond of the 29th, in the operator's own zone.
    expect(last).toEqual({
      from: String(new Date(2026, 2, 28).getTime()),
      to: String(new Date(2026, 2, 30).getTime() - 1),
      actor: 'k1',
      target: 'pl1',
      cursor: 'c2',
      limit: '50',
    });
    expect(queryOf(paths[0]!)).toEqual({ limit: '50' });
  });

  it('opens an entry to its before and after, the changed field marked, and badges an API key', async () => {
    const { api } = routeApi({ 'GET /audit': { entries: [entry('e1', 2_000)], nextCursor: null } });
    renderStudio(<AuditPage />, { api });
    const row = await screen.findByTestId('audit-row-e1');
    expect(row.textContent).toContain('API key');
    await userEvent.click(row);
    const diff = await screen.findByRole('table', { name: 'Before and after' });
    const changed = [...diff.querySelectorAll('[data-changed="true"]')].map(
      (tr) => tr.firstChild?.textContent,
    );
    expect(changed).toEqual(['name']);
  });
});
