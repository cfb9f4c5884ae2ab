/** The SDK's tags, from src/elements.ts: which class each is and which module (under src/, no extension) exports it. */
export function readElements(): { tag: string; className: string; module: string }[];
