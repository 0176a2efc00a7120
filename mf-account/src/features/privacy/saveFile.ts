/** The file name of a download made today: `meine-daten-2026-01-15.json`. */
export const exportFileName = (now = new Date()) => `meine-daten-${now.toISOString().slice(0, 10)}.json`;

/** Hands `data` to the browser as a JSON file to save (docs/privacy.md#the-download). */
export function saveJsonFile(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the blob once the click's download started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
