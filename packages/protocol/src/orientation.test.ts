import { describe, expect, it } from 'vitest';
import {
  ORIENTATIONS,
  ORIENTATION_OPTIONS,
  isOrientation,
  parseOrientation,
  rotationDegrees,
} from './orientation';

describe('orientation', () => {
  it('has the four names of docs/player.md §Orientation and name with their rotations', () => {
    expect(ORIENTATIONS).toEqual(['landscape', 'portrait', 'reverse_landscape', 'reverse_portrait']);
    expect(ORIENTATIONS.map(rotationDegrees)).toEqual([0, 90, 180, 270]);
  });

  it('lists the sidebar options 0°, 90°, 180°, 270° in order', () => {
    expect(ORIENTATION_OPTIONS).toEqual([
      { value: 'landscape', label: '0°' },
      { value: 'portrait', label: '90°' },
      { value: 'reverse_landscape', label: '180°' },
      { value: 'reverse_portrait', label: '270°' },
    ]);
  });

  it('parses the four names', () => {
    for (const name of ORIENTATIONS) expect(parseOrientation(name)).toBe(name);
  });

  it('parses 0, 90, 180 and 270 as numbers and numeric strings', () => {
    expect(parseOrientation(0)).toBe('landscape');
    expect(parseOrientation(90)).toBe('portrait');
    expect(parseOrientation(180)).toBe('reverse_landscape');
    expect(parseOrientation(270)).toBe('reverse_portrait');
    expect(parseOrientation('0')).toBe('landscape');
    expect(parseOrientation('90')).toBe('portrait');
    expect(parseOrientation('180')).toBe('reverse_landscape');
    expect(parseOrientation('270')).toBe('reverse_portrait');
  });

  it('rejects everything else', () => {
    for (const value of [
      45,
      360,
      -90,
      90.5,
      NaN,
      '',
      ' 90',
      '90 ',
      '090',
      '90.0',
      '90deg',
      'Landscape',
      'PORTRAIT',
      'upside_down',
      null,
      undefined,
      true,
      [90],
      { orientation: 'portrait' },
    ]) {
      expect(parseOrientation(value)).toBeNull();
    }
  });

  it('isOrientation accepts names only', () => {
    expect(isOrientation('portrait')).toBe(true);
    expect(isOrientation(90)).toBe(false);
    expect(isOrientation('90')).toBe(false);
  });
});
