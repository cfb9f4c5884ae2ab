/** The registry's fields the SDK's plain-data projection carries. */
export const FIELDS: string[];
/** Source files under src/<dir>, without tests: [module relative to src/ without extension, text]. */
export function sources(dir: string): [string, string][];
/** A registry type's element: the one module under src/widgets exporting the class its tag names; throws otherwise. */
export function findElement(
  type: string,
  tag: string,
  widgetSources: [string, string][],
): { tag: string; className: string; module: string };
/** Path under sdk/ → content of every generated file. */
export function generate(): Promise<Map<string, string>>;
/** Generated files whose committed content is stale. */
export function staleFiles(): Promise<string[]>;
