import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code of `value` as inline SVG (crisp at any size, no canvas). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(value, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
      color: { dark: '#111318', light: '#ffffff' },
    }).then(
      (text) => live && setSvg(text),
      () => live && setSvg(null),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (svg === null) return null;
  return <div className="qr" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}
