import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { LogLine } from '../api/types';
import { renderStudio } from '../testUtils';
import { DiagnosticsPanel } from './DiagnosticsPanel';

const line = (id: string, service: string | null, message: string): LogLine => ({
  id,
  service,
  level: 'warn',
  message,
  data: null,
  time: null,
  createdAt: 1_700_000_000_000,
});

describe('DiagnosticsPanel', () => {
  it('shows the service that sent each log line beside its message', () => {
    renderStudio(
      <DiagnosticsPanel
        device={null}
        deviceAt={null}
        logs={[line('l2', 'meet-player', 'socket closed'), line('l1', null, 'an older line')]}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Recent logs' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/warnmeet-playersocket closed$/),
      expect.stringMatching(/warnan older line$/),
    ]);
  });
});
