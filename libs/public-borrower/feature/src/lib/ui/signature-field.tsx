import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from './button';

export interface SignatureHandle {
  isEmpty(): boolean;
  /** The signature as a PNG data URL (white background, so it prints). */
  toDataUrl(): string;
}

interface Props {
  ref?: Ref<SignatureHandle>;
  /** The typed name, so keyboard users can sign by adopting it. */
  typedName: string;
  error?: string;
  onChange?: (empty: boolean) => void;
}

/**
 * Draw a signature with a finger, pen or mouse (signature_pad), or adopt the typed name
 * as the signature (keyboard users). The canvas is sized to its box and the screen's
 * pixel ratio so strokes stay sharp on phones.
 */
export function SignatureField({ ref, typedName, error, onChange }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  // The typed name adopted as the signature: it is painted on the canvas, not recorded by the pad.
  const adoptedName = useRef<string | null>(null);
  const [empty, setEmpty] = useState(true);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(15,23,42)' });
    padRef.current = pad;
    const update = () => {
      const isEmpty = pad.isEmpty();
      setEmpty(isEmpty);
      onChangeRef.current?.(isEmpty);
    };
    pad.addEventListener('endStroke', update);
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (data.length) pad.fromData(data);
      // Resizing wipes the canvas; the pad restores its strokes, the adopted name is ours to redraw.
      if (adoptedName.current) paintName(canvas, adoptedName.current);
    };
    resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      pad.removeEventListener('endStroke', update);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    isEmpty: () => padRef.current?.isEmpty() ?? true,
    toDataUrl: () => padRef.current?.toDataURL('image/png') ?? '',
  }));

  const clear = () => {
    adoptedName.current = null;
    padRef.current?.clear();
    setEmpty(true);
    onChange?.(true);
  };

  const adoptTypedName = () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || !typedName.trim()) return;
    pad.clear();
    adoptedName.current = typedName.trim();
    paintName(canvas, adoptedName.current);
    // The pad only counts strokes; record one dot so it is no longer empty.
    pad.fromData([{ points: [{ x: 1, y: 1, pressure: 0.5, time: Date.now() }], penColor: 'rgb(255,255,255)', dotSize: 0.1, minWidth: 0.1, maxWidth: 0.1, velocityFilterWeight: 0.7, compositeOperation: 'source-over' }], { clear: false });
    setEmpty(false);
    onChange?.(false);
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Your signature</legend>
      <p id="signature-hint" className="text-xs text-slate-500 dark:text-slate-400">
        Draw your signature in the box with your finger or mouse, or use your typed name as your signature.
      </p>
      <canvas
        ref={canvasRef}
        aria-label="Signature box: draw your signature here"
        aria-describedby={error ? 'signature-hint signature-error' : 'signature-hint'}
        className={`block h-40 w-full touch-none rounded-md border-2 border-dashed bg-white ${error ? 'border-red-600' : 'border-slate-400 dark:border-slate-500'}`}
      />
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        <Button variant="link" onClick={clear} disabled={empty}>
          Clear signature
        </Button>
        <Button variant="link" onClick={adoptTypedName} disabled={!typedName.trim()}>
          Use my typed name as my signature
        </Button>
      </div>
      {error && (
        <p id="signature-error" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Paints a typed name on the signature canvas, in a handwriting-like face. */
function paintName(canvas: HTMLCanvasElement, name: string) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const w = canvas.offsetWidth;
  const h = canvas.offsetHeight;
  ctx.fillStyle = 'rgb(15,23,42)';
  ctx.font = `italic ${Math.round(h / 3)}px "Brush Script MT", "Segoe Script", cursive`;
  ctx.textBaseline = 'middle';
  ctx.fillText(name, 16, h / 2, w - 32);
}

/** A data URL to a Blob, without fetch (works in every browser and in tests). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, b64 = ''] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(head ?? '')?.[1] ?? 'application/octet-stream';
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}
