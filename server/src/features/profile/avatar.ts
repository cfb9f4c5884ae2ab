import sanitizeHtml from 'sanitize-html';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export type AvatarType = 'png' | 'jpg' | 'svg';

export const avatarContentType: Record<AvatarType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
};

/** The image type by its first bytes, never by the file name or the client's claimed type. */
export function sniffImage(bytes: Uint8Array): AvatarType | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

const svgTags = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'symbol',
  'use',
];
const svgAttributes = [
  'xmlns',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'opacity',
  'transform',
  'id',
  'class',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'clip-path',
  'clip-rule',
  'mask',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'preserveAspectRatio',
  'href',
  'xlink:href',
  'version',
];

/**
 * An allow-list of drawing elements and attributes: scripts, event handlers, foreignObject,
 * styles and every link out of the document are dropped, so the file is only a picture.
 */
export function sanitizeSvg(svg: string): string {
  return sanitizeHtml(svg, {
    allowedTags: svgTags,
    allowedAttributes: { '*': svgAttributes },
    // References inside the picture (#gradient) only; nothing external, no javascript: or data:.
    exclusiveFilter: () => false,
    transformTags: {
      '*': (tagName, attribs) => {
        const clean = { ...attribs };
        for (const key of ['href', 'xlink:href']) {
          if (clean[key] !== undefined && !clean[key].startsWith('#')) delete clean[key];
        }
        for (const key of Object.keys(clean)) {
          if (/url\(\s*['"]?(?!#)/i.test(clean[key] ?? '')) delete clean[key];
        }
        return { tagName, attribs: clean };
      },
    },
    allowedSchemes: [],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    disallowedTagsMode: 'discard',
  });
}

/**
 * An uploaded picture as it may be stored: its type by its first bytes, and an SVG sanitised; null when
 * it is no picture, or an SVG with no drawing left. The avatar and the firm's logo (features/firm) both.
 */
export function storableImage(bytes: Uint8Array): { type: AvatarType; bytes: Uint8Array } | null {
  const type = sniffImage(bytes);
  if (type !== 'svg') return type ? { type, bytes } : null;
  const clean = sanitizeSvg(new TextDecoder().decode(bytes));
  return /<svg[\s>]/.test(clean) ? { type, bytes: new TextEncoder().encode(clean) } : null;
}
