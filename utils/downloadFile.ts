/** Saves `data` as a file the browser downloads under `name`: the pages' one way to export (its object URL is revoked a minute later, long after a large file's download has started). */
export function downloadFile(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `value` as indented JSON, downloaded under `name`. */
export function downloadJson(name: string, value: unknown): void {
  downloadFile(name, new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
}
