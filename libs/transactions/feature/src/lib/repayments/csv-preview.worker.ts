import { previewCsv } from './csv-preview';

/** The worker's own scope (no DOM here): what this file uses of it. */
const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<File>) => void) | null;
  postMessage(message: unknown): void;
};

/** Parses a chosen file off the page's thread: posts back the preview, or `{ error }`. */
scope.onmessage = (e) => {
  previewCsv(e.data).then(
    (preview) => scope.postMessage({ preview }),
    (err: Error) => scope.postMessage({ error: err.message }),
  );
};
