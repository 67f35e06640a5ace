/**
 * A locale file's nested sections as one flat map: `{ popup: { openInTab: '…' } }` becomes
 * `{ 'popup.openInTab': '…' }`. Anything but a string or a section is an error that names the key.
 */
export function flattenMessages(tree: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) {
    throw new Error(`${prefix || 'The locale file'} must be a section of messages`);
  }
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) flattenMessages(value, key, out);
    else throw new Error(`${key}: a message must be text (got ${Array.isArray(value) ? 'a list' : typeof value})`);
  }
  return out;
}
