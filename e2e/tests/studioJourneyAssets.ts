// Files the newcomer journey uses: a real PNG (the content player must be able to decode and capture it) and the
// web page an operator assigns, served to the screen by a route of the test.

import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width×height RGB PNG: a diagonal gradient between two colours, with a lighter band across the middle. */
export function gradientPng(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const band = Math.abs(y - height / 2) < height / 10 ? 40 : 0;
      for (let c = 0; c < 3; c++)
        row[1 + x * 3 + c] = Math.min(255, Math.round(from[c]! + (to[c]! - from[c]!) * t) + band);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const WELCOME_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Welcome</title>
<style>html,body{margin:0;height:100%;font-family:sans-serif}body{display:flex;align-items:center;justify-content:center;
background:linear-gradient(135deg,#f6d365,#fda085);color:#3b1f0e}h1{font-size:9vmin;margin:0}p{font-size:4vmin}</style>
</head><body><main style="text-align:center"><h1>Welcome to Corner Coffee</h1><p>Today: flat white and cinnamon buns</p></main></body></html>`;
