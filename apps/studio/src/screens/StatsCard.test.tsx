import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderStudio } from '../testUtils';
import { StatsCard } from './StatsCard';

const NOW = 1_700_000_000_000;

describe('StatsCard', () => {
  it('shows the latest report and how long ago it came', () => {
    renderStudio(
      <StatsCard
        now={NOW}
        stats={{
          uptime: 600,
          heap: null,
          frameResponsive: true,
          contentVersion: 2,
          onlineSeconds: 600,
          offlineSeconds: 0,
          reportedAt: NOW - 2 * 60_000,
        }}
      />,
    );
    const card = within(screen.getByLabelText('Runtime stats'));
    expect(card.getByText('Reported 2 min ago')).toBeTruthy();
    expect(card.getByText('0hr 10m 0s')).toBeTruthy();
    expect(card.getByText('Responsive')).toBeTruthy();
    expect(card.getByText('Version 2')).toBeTruthy();
    expect(card.getByText('100% online · offline 0hr 0m 0s')).toBeTruthy();
  });

  it('says so when the screen has not reported yet', () => {
    renderStudio(<StatsCard now={NOW} stats={undefined} />);
    expect(screen.getByText(/has not reported its stats yet/)).toBeTruthy();
    expect(screen.queryByText('Uptime')).toBeNull();
  });
});
