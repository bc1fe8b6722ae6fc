// A QR code as one SVG path of unit squares, from the `qrcode` encoder: crisp at any zone size, no canvas, and
// drawn synchronously (the code is the same on every render for the same address).

import QRCode from 'qrcode';

export interface QrModules {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** One 1×1 square per dark module, in module units. */
  path: string;
}

export function qrModules(text: string): QrModules {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.data[row * modules.size + column]) squares.push(`M${column} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, path: squares.join('') };
}
