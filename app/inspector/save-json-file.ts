// Hands JSON to the browser as a file to save: made in the page, sent nowhere (the developer tools'
// exports of a data-layer log: the /tracking live panel and the /machines event log).
export function saveJsonFile(fileName: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; the page's can go.
  queueMicrotask(() => URL.revokeObjectURL(url));
}
