// The pairing page's DOM, written without React so the pairing page's own entry (pairMain.ts) stays a few KB: the
// code large, the instructions, and a QR code to the studio's pair form. The content page draws the same view
// (PairingPage.tsx mounts it).

import type { Bridge } from '@marquee/bridge';
import { PRODUCT_NAME, markStartup } from '@marquee/protocol';
import { followPairingCode } from './followPairingCode';

/** The studio's pair form, pre-filled with `code`. */
export function pairUrl(studioUrl: string, code: string): string {
  return `${studioUrl}/pair?code=${encodeURIComponent(code)}`;
}

type Child = Node | string;

function el(tag: string, attributes: Record<string, string>, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function codeLine(code: string | null): HTMLElement {
  if (code === null) return el('p', { class: 'pairing-waiting', role: 'status' }, 'Getting a pairing code…');
  return el(
    'p',
    {
      class: 'pairing-code',
      'aria-label': `Pairing code ${code.split('').join(' ')}`,
      'data-testid': 'pairing-code',
    },
    el('span', {}, code.slice(0, 3)),
    el('span', {}, code.slice(3)),
  );
}

/** Resolves after the next frame has been produced: a task queued from an animation frame runs after its paint. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * A QR code of `value` as inline SVG. The encoder loads once the code has been painted: loading it at once let its
 * evaluation and the encoding (some 60 ms at 1×) land before the code's first frame.
 */
function qrFigure(value: string, isCurrent: () => boolean): HTMLElement {
  const qr = el('div', { class: 'qr', role: 'img' });
  qr.setAttribute('aria-label', "QR code that opens the studio's pair form with this code");
  const figure = el('figure', { class: 'pairing-qr' }, el('figcaption', {}, 'Scan to pair'));
  void afterNextPaint()
    .then(() => import('qrcode'))
    .then(({ default: QRCode }) =>
      QRCode.toString(value, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
        color: { dark: '#111318', light: '#ffffff' },
      }),
    )
    .then(
      (svg) => {
        if (!isCurrent()) return;
        qr.innerHTML = svg;
        figure.prepend(qr);
      },
      () => {},
    );
  return figure;
}

/** Draws the pairing page into `root` and follows the player's code; returns the function that stops it. */
export function mountPairingPage(
  root: HTMLElement,
  bridge: Bridge | null,
  studioUrl: string,
  /** Called once a code is on screen (the frame after it was drawn). */
  onCodeShown?: () => void,
): () => void {
  const studioHost = studioUrl.replace(/^https?:\/\//, '');
  let line = codeLine(null);
  let qr: HTMLElement | null = null;
  let shown: string | null = null;
  const block = el(
    'div',
    { class: 'pairing-code-block' },
    el('h1', { class: 'pairing-title' }, 'Pair this screen'),
    line,
    el(
      'p',
      { class: 'pairing-instructions' },
      'Open ',
      el('strong', {}, studioHost),
      ' on a computer or phone, choose ',
      el('strong', {}, 'Pair a screen'),
      ' and enter this code, or scan the QR code.',
    ),
  );
  const body = el('section', { class: 'pairing-body' }, block);
  root.replaceChildren(
    el('main', { class: 'pairing' }, el('header', { class: 'brand' }, PRODUCT_NAME), body),
  );

  const show = (code: string | null) => {
    if (code === shown) return;
    shown = code;
    const next = codeLine(code);
    line.replaceWith(next);
    line = next;
    qr?.remove();
    qr = code === null ? null : qrFigure(pairUrl(studioUrl, code), () => shown === code);
    if (qr !== null) body.append(qr);
    if (code !== null) {
      requestAnimationFrame(() => {
        markStartup('pairing-code-shown', 'end');
        onCodeShown?.();
      });
    }
  };
  const stop = bridge === null ? () => {} : followPairingCode(bridge, show);
  return () => {
    stop();
    root.replaceChildren();
  };
}
