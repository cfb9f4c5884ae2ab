/**
 * The PNG export: the PDF's pages as images, one PNG per page in a ZIP. The pages are the PDF's own
 * (charts, cover, branding, page numbers), drawn by pdf.js on a Skia canvas (@napi-rs/canvas), so the
 * picture cannot show other figures than the PDF does, and each image is a page a person can read or
 * put on a slide (A4 landscape at 144 dpi: 1684 × 1191 px) rather than one strip ten thousand pixels
 * long. PNG data is compressed already: the ZIP stores it as it is.
 */
import { createCanvas } from '@napi-rs/canvas';
import { zipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** 2 × 72 dpi. */
export const PNG_SCALE = 2;

/** Each page of the PDF as a PNG, `scale` pixels per point. */
export async function pdfPagesAsPng(pdf: Uint8Array, scale = PNG_SCALE): Promise<Buffer[]> {
  // Fonts drawn from the file's own glyph outlines: nothing is looked up on the machine.
  const file = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, verbosity: 0 }).promise;
  try {
    const pages: Buffer[] = [];
    for (let n = 1; n <= file.numPages; n++) {
      const page = await file.getPage(n);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // Skia's canvas is the one pdf.js itself draws on under Node; its types name the browser's.
      type Render = Parameters<typeof page.render>[0];
      await page.render({
        canvas: canvas as unknown as Render['canvas'],
        canvasContext: context as unknown as Render['canvasContext'],
        viewport,
      }).promise;
      pages.push(await canvas.encode('png'));
      page.cleanup();
    }
    return pages;
  } finally {
    await file.destroy();
  }
}

/** The ZIP of the pages: '<fileName>-01.png', '-02.png', … */
export async function pngPages(pdf: Uint8Array, fileName: string): Promise<Uint8Array> {
  const pages = await pdfPagesAsPng(pdf);
  const width = String(pages.length).length < 2 ? 2 : String(pages.length).length;
  return zipSync(
    Object.fromEntries(
      pages.map((png, i) => [`${fileName}-${String(i + 1).padStart(width, '0')}.png`, [png, { level: 0 }]]),
    ),
  );
}
