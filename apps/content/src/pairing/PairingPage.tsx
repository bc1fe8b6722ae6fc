import { PRODUCT_NAME } from '@marquee/protocol';
import type { Bridge } from '@marquee/bridge';
import { QrCode } from './QrCode';
import { usePairingCode } from './usePairingCode';

/** The studio's pair form, pre-filled with `code`. */
export function pairUrl(studioUrl: string, code: string): string {
  return `${studioUrl}/pair?code=${encodeURIComponent(code)}`;
}

export function PairingPage({ bridge, studioUrl }: { bridge: Bridge | null; studioUrl: string }) {
  const code = usePairingCode(bridge);
  const studioHost = studioUrl.replace(/^https?:\/\//, '');
  return (
    <main className="pairing">
      <header className="brand">{PRODUCT_NAME}</header>
      <section className="pairing-body">
        <div className="pairing-code-block">
          <h1 className="pairing-title">Pair this screen</h1>
          {code === null ? (
            <p className="pairing-waiting" role="status">
              Getting a pairing code…
            </p>
          ) : (
            <p
              className="pairing-code"
              aria-label={`Pairing code ${code.split('').join(' ')}`}
              data-testid="pairing-code"
            >
              <span>{code.slice(0, 3)}</span>
              <span>{code.slice(3)}</span>
            </p>
          )}
          <p className="pairing-instructions">
            Open <strong>{studioHost}</strong> on a computer or phone, choose <strong>Pair a screen</strong>{' '}
            and enter this code, or scan the QR code.
          </p>
        </div>
        {code !== null && (
          <figure className="pairing-qr">
            <QrCode
              value={pairUrl(studioUrl, code)}
              label="QR code that opens the studio's pair form with this code"
            />
            <figcaption>Scan to pair</figcaption>
          </figure>
        )}
      </section>
    </main>
  );
}
