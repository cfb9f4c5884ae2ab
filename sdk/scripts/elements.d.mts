/** The SDK's tags, from src/generated/elements.ts: which class each is and which module (under src/, no extension) exports it, and its file. */
export function readElements(): { tag: string; className: string; module: string; file: string }[];
