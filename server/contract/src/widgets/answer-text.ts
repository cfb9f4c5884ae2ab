/**
 * What an AI answer says: its `text` when it has one, otherwise its JSON, indented. The SDK's AI widget
 * shows it and the exports write it; a module of its own so the SDK takes it without the export tables.
 */
export function answerText(answer: unknown): string {
  let value = answer;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return value as string;
    }
  }
  if (value && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string') {
    return (value as { text: string }).text;
  }
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? '');
}
