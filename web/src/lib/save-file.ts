/**
 * Saves text as a file through the browser's download (an object URL on a link with `download`): the API
 * needs her bearer token, so a plain link to it could not be followed.
 */
export function saveFile(fileName: string, mimeType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
