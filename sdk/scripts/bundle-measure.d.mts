/** What the SDK's built files weigh (bundle-measure.mjs). */
export const DIST: string;
export const EMBED: string;
export const EMBED_CHART: string;
export const TOP_LIST_PAGE: string[];
export function gzipSize(bytes: Uint8Array): number;
export function fileSize(file: string, dist?: string): { raw: number; gzip: number };
export function staticGraph(entry: string, dist?: string): { files: string[]; gzip: number };
export function pageLoad(entries: string[], dist?: string): { files: string[]; gzip: number };
export function embeddingFigures(dist?: string): { embed: number; chart: number; topListPage: number };
