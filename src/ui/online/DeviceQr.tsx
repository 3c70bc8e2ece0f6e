/**
 * The QR code of the link that moves the player to another device (its own chunk, with the QR
 * encoder `uqr`, fetched when the link is shown): black modules on white with a quiet zone, as
 * phone cameras read them whatever the page's theme.
 */
import { encode } from 'uqr';

export function DeviceQr({ link, label }: { link: string; label: string }) {
  const { data, size } = encode(link, { ecc: 'M', border: 4 });
  const modules = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <svg className="device-qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" data-testid="move-qr">
      <rect width={size} height={size} fill="#fff" />
      <path d={modules} fill="#000" />
    </svg>
  );
}
