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
/**
 * Path under sdk/ → content of every generated file: from the contract's registry and src/widgets, or
 * from the registry and widget sources given (a test's copy with one more type).
 */
export function generate(options?: {
  registry?: Record<
    string,
    {
      element: string;
      variant?: string;
      path: string;
      titles: { no: string; en: string };
      size: { width: number; height: number };
    }
  >;
  widgetSources?: [string, string][];
}): Promise<Map<string, string>>;
/** Generated files whose committed content is stale. */
export function staleFiles(): Promise<string[]>;
