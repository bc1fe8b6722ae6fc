import { describe, expect, it } from 'vitest';
import { placeZones } from './zoneGeometry';

describe('placeZones', () => {
  it('places each zone in percent of the frame', () => {
    const [placed] = placeZones([{ x: 10, y: 20, width: 30, height: 40 }]);
    expect(placed?.style).toMatchObject({ left: '10%', top: '20%', width: '30%', height: '40%' });
  });

  it('stacks by z, a zone without z at its place in the list, ties in list order', () => {
    const zones = [
      { id: 'front', x: 0, y: 0, width: 50, height: 50, z: 5 },
      { id: 'first', x: 0, y: 0, width: 50, height: 50 },
      { id: 'second', x: 0, y: 0, width: 50, height: 50 },
      { id: 'middle', x: 0, y: 0, width: 50, height: 50, z: 2 },
    ];
    const placed = placeZones(zones);
    expect(placed.map(({ zone }) => zone.id)).toEqual(['first', 'second', 'middle', 'front']);
    // Without z the list order alone decides, later in front.
    expect(placeZones(zones.map(({ z: _z, ...zone }) => zone)).map(({ zone }) => zone.id)).toEqual([
      'front',
      'first',
      'second',
      'middle',
    ]);
    const zIndex = Object.fromEntries(placed.map(({ zone, style }) => [zone.id, style.zIndex as number]));
    expect(zIndex.front).toBeGreaterThan(zIndex.middle!);
    expect(zIndex.middle).toBeGreaterThan(zIndex.second!);
    expect(zIndex.second).toBeGreaterThan(zIndex.first!);
  });

  it('never reaches past the frame, whatever stored data says', () => {
    const [placed] = placeZones([{ x: 80, y: -5, width: 50, height: Number.NaN }]);
    expect(placed?.style).toMatchObject({ left: '80%', top: '0%', width: '20%', height: '0%' });
  });
});
