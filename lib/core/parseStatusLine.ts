/** "HTTP/1.1 404 Not Found" → { protocol: 'HTTP/1.1', code: 404, reason: 'Not Found' }; null if unparseable. */
export function parseStatusLine(line: string): { protocol: string; code: number; reason: string } | null {
  const m = /^\s*(HTTP\/[\d.]+)\s+(\d{3})(?:\s+(.*))?$/i.exec(line);
  if (!m) return null;
  return { protocol: m[1]!.toUpperCase(), code: Number(m[2]), reason: (m[3] ?? '').trim() };
}
