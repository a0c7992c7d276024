/**
 * Reads the QR code back from a certificate's PDF: pdf.js finds the page's image (the QR code's
 * PNG, as pdfmake embedded it) and jsQR decodes its pixels.
 */
import jsQR from 'jsqr';

export async function qrOfPdf(bytes: Buffer): Promise<string | null> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const page = await document.getPage(1);
    const operators = await page.getOperatorList();
    for (let i = 0; i < operators.fnArray.length; i += 1) {
      if (operators.fnArray[i] !== pdfjs.OPS.paintImageXObject) continue;
      const name = operators.argsArray[i][0] as string;
      const image = await new Promise<{ width: number; height: number; data: Uint8ClampedArray | Uint8Array; kind: number }>((resolve) => page.objs.get(name, resolve));
      const pixels = image.width * image.height;
      const channels = image.data.length / pixels;
      const rgba = new Uint8ClampedArray(pixels * 4);
      for (let p = 0; p < pixels; p += 1) {
        for (let c = 0; c < 3; c += 1) rgba[p * 4 + c] = channels === 1 ? image.data[p] : image.data[p * channels + c];
        rgba[p * 4 + 3] = 255;
      }
      const found = jsQR(rgba, image.width, image.height);
      if (found) return found.data;
    }
    return null;
  } finally {
    await document.destroy();
  }
}
