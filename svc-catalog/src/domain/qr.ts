import QRCode from 'qrcode';

const OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2, width: 512 };

export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, OPTIONS);
}

export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: 'png' });
}
