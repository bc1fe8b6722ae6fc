import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderStudio, routeApi } from '../testUtils';
import { HealthSince } from './HealthSince';
import { ScreenUptimeCard } from './ScreenUptimeCard';

const HOUR = 3_600_000;
const TO = Date.UTC(2026, 2, 29, 12);
const FROM = TO - 24 * HOUR;

describe('screen uptime', () => {
  it('draws the last 24 hours and the share online, hours marked in the screen zone', async () => {
    const { api, calls } = routeApi({
      'GET /screens/s1/uptime': {
        from: FROM,
        to: TO,
        intervals: [
          { state: 'unknown', from: FROM, to: FROM + 6 * HOUR },
          { state: 'online', from: FROM + 6 * HOUR, to: TO - 3 * HOUR },
          { state: 'offline', from: TO - 3 * HOUR, to: TO },
        ],
        uptimePercent: 83.3,
      },
    });
    const { container } = renderStudio(<ScreenUptimeCard screenId="s1" timezone="Europe/London" />, { api });
    expect((await screen.findByTestId('uptime-percent')).textContent).toBe('83.3% online');
    expect(calls[0]).toEqual(['GET', '/screens/s1/uptime?hours=24', undefined]);
    expect(
      [...container.querySelectorAll('[data-state]')].map((bar) => bar.getAttribute('data-state')),
    ).toEqual(['unknown', 'online', 'offline']);
    // The spring-forward night: 06:00 BST is 05:00 UTC.
    expect(screen.getByLabelText('Hours in Europe/London').textContent).toBe('12:0018:0000:0006:0012:00');
  });

  it('says since when a screen is offline, and for how long', () => {
    renderStudio(<HealthSince health={{ state: 'offline', since: TO - 25 * 60_000 }} now={TO} />);
    expect(screen.getByTestId('health-since').textContent).toMatch(/^Offline since .+ \(25 min\)$/);
  });
});
