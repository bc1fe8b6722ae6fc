// Screenshots the frame can take honestly (docs/decisions.md, "Screenshots"): its own image or video frame, drawn on
// a canvas. A web page in a nested frame cannot be read from here, and a cross-origin image taints the canvas: both
// are refused with a message that says so rather than faked.

/** Longest side of a screenshot: enough to read a screen, small enough to upload quickly. */
const SCREENSHOT_MAX_SIDE = 1920;
const SCREENSHOT_TYPE = 'image/jpeg';
const SCREENSHOT_QUALITY = 0.85;

class CaptureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaptureError';
  }
}

function sizeOf(element: HTMLImageElement | HTMLVideoElement): { width: number; height: number } {
  const width = element instanceof HTMLVideoElement ? element.videoWidth : element.naturalWidth;
  const height = element instanceof HTMLVideoElement ? element.videoHeight : element.naturalHeight;
  const scale = Math.min(1, SCREENSHOT_MAX_SIDE / Math.max(width, height, 1));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The element on screen in `stage` as a JPEG. */
export function captureStage(stage: HTMLElement | null): Promise<Blob> {
  const layer = stage?.querySelector('.layer.is-current');
  const element = layer?.querySelector('img, video');
  if (layer === null || layer === undefined)
    return Promise.reject(new CaptureError('Nothing is on screen to capture'));
  if (!(element instanceof HTMLImageElement || element instanceof HTMLVideoElement)) {
    return Promise.reject(new CaptureError('A web page cannot be captured from inside the content frame'));
  }
  const { width, height } = sizeOf(element);
  if (width === 0 || height === 0)
    return Promise.reject(new CaptureError('The item on screen has not loaded yet'));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) return Promise.reject(new CaptureError('This browser cannot draw a screenshot'));
  context.drawImage(element, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob(
        (blob) =>
          blob === null ? reject(new CaptureError('The screenshot could not be encoded')) : resolve(blob),
        SCREENSHOT_TYPE,
        SCREENSHOT_QUALITY,
      );
    } catch {
      reject(new CaptureError('The item on screen comes from another site and cannot be captured'));
    }
  });
}
