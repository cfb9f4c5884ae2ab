/**
 * The subset of Markdown CHANGELOG.md is written in, read into blocks that React renders as text:
 * `##`/`###` headings, paragraphs, `-` lists, and inline `code`, **bold** and [links](…). Nothing in
 * the file becomes HTML of its own (no dangerouslySetInnerHTML), so a `<script>` in it shows as text;
 * links go only to http(s) addresses or paths on this site.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'heading'; level: 2 | 3; text: Inline[] }
  | { kind: 'paragraph'; text: Inline[] }
  | { kind: 'list'; items: Inline[][] };

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** An address a link may go to: the web, or a path of this site (never javascript:, data: and the like). */
export function safeHref(href: string): string | null {
  if (/^https?:\/\//i.test(href)) return href;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  return null;
}

export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of source.matchAll(INLINE)) {
    if (match.index > last) out.push({ kind: 'text', text: source.slice(last, match.index) });
    const [whole, code, strong, label, href] = match;
    if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (strong !== undefined) out.push({ kind: 'strong', text: strong });
    else {
      const safe = safeHref(href ?? '');
      out.push(safe ? { kind: 'link', text: label ?? '', href: safe } : { kind: 'text', text: whole });
    }
    last = match.index + whole.length;
  }
  if (last < source.length) out.push({ kind: 'text', text: source.slice(last) });
  return out;
}

/** The file's blocks, without its `#` title (the page has its own). Lines wrap into their paragraph or item. */
export function parseChangelog(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[][] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', items: list.map((item) => parseInline(item.join(' '))) });
    paragraph = [];
    list = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      if (level > 1) blocks.push({ kind: 'heading', level: level as 2 | 3, text: parseInline(heading[2]!) });
    } else if (/^[-*]\s+/.test(line)) {
      if (paragraph.length) flush();
      list ??= [];
      list.push([line.replace(/^[-*]\s+/, '')]);
    } else if (!line) {
      flush();
    } else if (list && /^\s+/.test(raw)) {
      list[list.length - 1]!.push(line);
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
