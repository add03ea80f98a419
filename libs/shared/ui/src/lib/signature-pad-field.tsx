import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import SignaturePad from 'signature_pad';
import { cx } from './cx';

export interface SignaturePadHandle {
  isEmpty(): boolean;
  /** The signature as a PNG data URL (white background, so it prints). */
  toDataUrl(): string;
  clear(): void;
}

export interface SignaturePadFieldProps {
  ref?: Ref<SignaturePadHandle>;
  /** The legend of the field ('Your signature', 'Authorized representative's signature'). */
  label: string;
  hint?: string;
  error?: string;
  onChange?: (empty: boolean) => void;
  /**
   * A typed name keyboard users may adopt as the signature (painted on the pad in a
   * handwriting face); the button is disabled while the text is blank.
   */
  adoptText?: { text: string; label: string };
  clearLabel?: string;
  /** The canvas's accessible name (default: the label and 'draw it here'). */
  canvasLabel?: string;
  /** The class of the Clear / adopt buttons (an app's link style); the kit's own by default. */
  actionClassName?: string;
  className?: string;
}

const ACTION =
  'text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 disabled:cursor-not-allowed disabled:opacity-50 dark:text-blue-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400';

/**
 * A signature drawn with a finger, pen or mouse (signature_pad), or a typed name adopted
 * as the signature. The canvas is sized to its box and the screen's pixel ratio so strokes
 * stay sharp on phones; a resize keeps what was drawn. The borrower's contract page and
 * the portal's offer letter dialog both use this one piece.
 */
export function SignaturePadField({
  ref,
  label,
  hint = 'Draw the signature in the box with a finger, pen or mouse.',
  error,
  onChange,
  adoptText,
  clearLabel = 'Clear signature',
  canvasLabel,
  actionClassName = ACTION,
  className,
}: SignaturePadFieldProps) {
  const uid = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  // The typed name adopted as the signature: painted on the canvas, not recorded by the pad.
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

  const clear = () => {
    adoptedName.current = null;
    padRef.current?.clear();
    setEmpty(true);
    onChange?.(true);
  };

  useImperativeHandle(ref, () => ({
    isEmpty: () => padRef.current?.isEmpty() ?? true,
    toDataUrl: () => padRef.current?.toDataURL('image/png') ?? '',
    clear,
  }));

  const adopt = () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    const text = adoptText?.text.trim();
    if (!pad || !canvas || !text) return;
    pad.clear();
    adoptedName.current = text;
    paintName(canvas, text);
    // The pad only counts strokes; record one invisible dot so it is no longer empty.
    pad.fromData(
      [
        {
          points: [{ x: 1, y: 1, pressure: 0.5, time: Date.now() }],
          penColor: 'rgb(255,255,255)',
          dotSize: 0.1,
          minWidth: 0.1,
          maxWidth: 0.1,
          velocityFilterWeight: 0.7,
          compositeOperation: 'source-over',
        },
      ],
      { clear: false },
    );
    setEmpty(false);
    onChange?.(false);
  };

  const hintId = `${uid}-hint`;
  const errorId = `${uid}-error`;
  return (
    <fieldset className={cx('space-y-2', className)}>
      <legend className="text-sm font-medium">{label}</legend>
      <p id={hintId} className="text-xs text-gray-500 dark:text-gray-400">
        {hint}
      </p>
      <canvas
        ref={canvasRef}
        aria-label={canvasLabel ?? `${label}: draw it here`}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={cx(
          'block h-40 w-full touch-none rounded-md border-2 border-dashed bg-white',
          error ? 'border-red-600' : 'border-gray-400 dark:border-slate-500',
        )}
      />
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        <button type="button" className={actionClassName} onClick={clear} disabled={empty}>
          {clearLabel}
        </button>
        {adoptText && (
          <button type="button" className={actionClassName} onClick={adopt} disabled={!adoptText.text.trim()}>
            {adoptText.label}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
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
