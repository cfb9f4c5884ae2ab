import type { ExportDocument } from '@saldo/contract';
import { FONTS, type Font, layoutDocument } from './png-layout';

// Chromium refuses canvases taller or wider than this; a long export is drawn at a smaller scale.
const MAX_SIDE = 32_000;

/** Draws the export's tables into a PNG (at twice the CSS pixel size, for sharp text). */
export function renderPng(doc: ExportDocument): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('No 2D canvas'));
  const measure = (text: string, font: Font) => {
    ctx.font = FONTS[font];
    return ctx.measureText(text).width;
  };
  const layout = layoutDocument(doc, measure);
  const scale = Math.min(2, MAX_SIDE / layout.width, MAX_SIDE / layout.height);
  canvas.width = Math.ceil(layout.width * scale);
  canvas.height = Math.ceil(layout.height * scale);
  ctx.scale(scale, scale);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, layout.width, layout.height);
  ctx.strokeStyle = '#d6dae3';
  ctx.lineWidth = 1;
  for (const [x1, x2, y] of layout.rules) {
    ctx.beginPath();
    ctx.moveTo(x1, y + 0.5);
    ctx.lineTo(x2, y + 0.5);
    ctx.stroke();
  }
  for (const op of layout.texts) {
    ctx.font = FONTS[op.font];
    ctx.textAlign = op.align;
    ctx.fillStyle = op.muted ? '#5b6475' : '#111827';
    ctx.fillText(op.text, op.x, op.y);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made'))), 'image/png'),
  );
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
