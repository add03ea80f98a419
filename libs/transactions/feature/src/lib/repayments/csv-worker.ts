import type { CsvPreview } from './csv-preview';

/** Runs previewCsv in a web worker (Vite bundles the worker as its own file: CSP 'self'). */
export function previewInWorker(file: File): Promise<CsvPreview> {
  return new Promise((resolve, reject) => {
    // The spec typecheck compiles as CommonJS, where import.meta does not exist; Vite needs this exact form.
    // eslint-disable-next-line @typescript-eslint/ban-ts-comment
    // @ts-ignore TS1343 under the spec tsconfig only
    const worker = new Worker(new URL('./csv-preview.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ preview?: CsvPreview; error?: string }>) => {
      worker.terminate();
      if (e.data.preview) resolve(e.data.preview);
      else reject(new Error(e.data.error ?? 'Could not read the file.'));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'Could not read the file.'));
    };
    worker.postMessage(file);
  });
}
