/**
 * File downloads through the api slice: an endpoint whose `responseHandler` is
 * `saveFileResponse(name)` saves the answer as a file when it is 2xx and answers
 * `{ success: true, filename }`, so its outcome toasts are declared on the endpoint like any
 * other (spec §8: a report download answers a success flag and a message). The browser
 * still receives the file as the api streams it; only the finished file is handed to disk.
 */
export interface DownloadOutcome {
  success: true;
  filename: string;
}

/** The file name of `Content-Disposition: attachment; filename="x.csv"`, or the fallback. */
export function fileNameFrom(response: Pick<Response, 'headers'>, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : fallback;
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // After the click the browser holds its own reference; free ours on the next turn.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** A `responseHandler` for fetchBaseQuery: saves a 2xx answer as a file, reads an error as JSON (or text). */
export function saveFileResponse(fallbackName: string, save: (blob: Blob, filename: string) => void = saveBlob) {
  return async (response: Response): Promise<unknown> => {
    if (!response.ok) {
      const text = await response.text();
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    }
    const filename = fileNameFrom(response, fallbackName);
    save(await response.blob(), filename);
    return { success: true, filename } satisfies DownloadOutcome;
  };
}
