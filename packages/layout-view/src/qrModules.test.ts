import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { qrModules } from './qrModules';

describe('qrModules', () => {
  it('draws one square per dark module of the encoded address', () => {
    const url = 'https://example.com/menu?table=4';
    const { size, path } = qrModules(url);
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size);
    const dark = modules.data.reduce((count, bit) => count + (bit ? 1 : 0), 0);
    expect(path.match(/M/g)?.length).toBe(dark);
  });
});
