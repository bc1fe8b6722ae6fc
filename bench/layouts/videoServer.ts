// Serves one video file over HTTP on 127.0.0.1 with byte ranges, as a media server does: Chromium's media pipeline
// reads a video in ranges and seeks back to its start to loop.

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface VideoServer {
  url: string;
  close(): Promise<void>;
}

export async function serveVideo(file: string, contentType: string): Promise<VideoServer> {
  const size = fs.statSync(file).size;
  const server = http.createServer((request, response) => {
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    const headers = {
      'Content-Type': contentType,
      'Accept-Ranges': 'bytes',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-store',
    };
    if (range === null) {
      response.writeHead(200, { ...headers, 'Content-Length': size });
      fs.createReadStream(file).pipe(response);
      return;
    }
    const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
    const end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      response.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}` });
      response.end();
      return;
    }
    response.writeHead(206, {
      ...headers,
      'Content-Length': end - start + 1,
      'Content-Range': `bytes ${start}-${end}/${size}`,
    });
    fs.createReadStream(file, { start, end }).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/video.mp4`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
