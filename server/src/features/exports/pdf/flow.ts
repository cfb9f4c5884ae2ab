/** Where the next thing goes: the current page's body from BODY_TOP down to BODY_BOTTOM, then a new page. */
import { BODY_BOTTOM, BODY_TOP } from './style.ts';

export class Flow {
  y = BODY_TOP;

  constructor(readonly doc: PDFKit.PDFDocument) {}

  /** Points left on this page. */
  get room(): number {
    return BODY_BOTTOM - this.y;
  }

  /** Nothing drawn on this page's body yet. */
  get atTop(): boolean {
    return this.y <= BODY_TOP + 0.01;
  }

  /** The 1-based number of the page being drawn. */
  get page(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = BODY_TOP;
  }

  /** Starts a new page when `height` points do not fit on this one (and this one has content). */
  ensure(height: number): void {
    if (height > this.room + 0.01 && !this.atTop) this.newPage();
  }
}
