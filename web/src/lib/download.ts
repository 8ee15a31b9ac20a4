/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*=UTF-8''…` when present
 * (the server sends the Russian name there), else the plain `filename="…"`, else null.
 */
export const fileNameOf = (header: string | null): string | null => {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : null;
};

/** Hands a file to the browser as a download under the given name. */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; release it once that had a moment to start.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** Saves the body of an answer as a file the browser downloads, under the server's name; returns the name used. */
export const saveDownload = async (response: Response, fallbackName: string): Promise<string> => {
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, fileName);
  return fileName;
};
