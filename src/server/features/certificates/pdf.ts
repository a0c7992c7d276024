/**
 * A certificate's PDF, laid out by the reports' pdfmake (its Roboto, no file or URL read): the
 * institution's header as reports open, the title, the filled text, the dates, the code and a QR
 * code (the `qrcode` library's PNG) leading to the public verification page.
 */
import QRCode from 'qrcode';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { ReportHeader } from '../reports/builtin/header.js';
import { pdfMaker } from '../reports/builtin/pdf.js';
import { formattedCode } from './code.js';
import { dateBr } from './statement.js';

export interface CertificatePrint {
  header: ReportHeader;
  title: string;
  text: string;
  code: string;
  issuedOn: string;
  validUntil: string;
  verifyUrl: string;
}

export async function renderCertificatePdf(print: CertificatePrint): Promise<Buffer> {
  const qr = await QRCode.toDataURL(print.verifyUrl, { errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  const document: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [56, 48, 56, 56],
    info: { title: print.title, creator: print.header.institution },
    defaultStyle: { font: 'Roboto', fontSize: 11, lineHeight: 1.3 },
    content: [
      { text: print.header.institution, fontSize: 14, bold: true, alignment: 'center' },
      { text: print.header.generated, fontSize: 8, color: '#555555', alignment: 'center', margin: [0, 2, 0, 28] },
      { text: print.title, fontSize: 18, bold: true, alignment: 'center', margin: [0, 0, 0, 24] },
      ...print.text.split(/\r?\n/).map((paragraph) => ({ text: paragraph, alignment: 'justify' as const, margin: [0, 0, 0, 8] as [number, number, number, number] })),
      { text: `Emitida em ${dateBr(print.issuedOn)}. Válida até ${dateBr(print.validUntil)}.`, margin: [0, 16, 0, 24] },
      {
        columns: [
          { image: qr, width: 110 },
          {
            width: '*',
            margin: [12, 10, 0, 0],
            stack: [
              { text: 'Código de verificação', fontSize: 9, color: '#555555' },
              { text: formattedCode(print.code), fontSize: 13, bold: true, margin: [0, 2, 0, 8] },
              { text: 'Confira a autenticidade e a validade desta certidão em', fontSize: 9 },
              { text: print.verifyUrl, fontSize: 9, color: '#1a4f8b' },
            ],
          },
        ],
      },
    ],
    footer: (page: number, pages: number) => ({ text: `${print.header.institution} · ${print.title} · Página ${page} de ${pages}`, fontSize: 7, alignment: 'right', margin: [56, 20, 56, 0] }),
  };
  return pdfMaker().createPdf(document).getBuffer();
}
