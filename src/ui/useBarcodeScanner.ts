/**
 * The camera as a barcode scanner: the back camera's picture in a video element, read a few times
 * a second; each code is reported once (the same one again only after a pause). What went wrong
 * is a state the screen puts in words: permission refused, no camera, or any other failure.
 */
import { useEffect, useRef, useState } from 'react';
import { createBarcodeDetector } from './barcodeDetector.ts';

export type ScannerState = 'off' | 'starting' | 'scanning' | 'denied' | 'noCamera' | 'failed';

const READ_EVERY_MS = 250;
const SAME_CODE_AFTER_MS = 3000;

export interface ScannerOptions {
  /** Whether the camera runs. */
  on: boolean;
  formats: readonly string[];
  onScan: (text: string) => void;
}

function problemOf(error: unknown): 'denied' | 'noCamera' | 'failed' {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noCamera';
  return 'failed';
}

export function useBarcodeScanner({ on, formats, onScan }: ScannerOptions) {
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Exclude<ScannerState, 'off'>>('starting');
  const report = useRef(onScan);
  useEffect(() => {
    report.current = onScan;
  }, [onScan]);
  const formatKey = formats.join(',');

  useEffect(() => {
    if (!on) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { text: '', at: 0 };
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera', 'NotFoundError');
        const detector = await createBarcodeDetector(formatKey.split(','));
        const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = media;
        video.current.srcObject = media;
        await video.current.play();
        setStatus('scanning');
        const read = async () => {
          if (stopped) return;
          const element = video.current;
          if (element && element.readyState >= 2) {
            const found = await detector.detect(element).catch(() => []);
            const text = found[0]?.rawValue;
            const now = Date.now();
            if (text && !stopped && (text !== last.text || now - last.at > SAME_CODE_AFTER_MS)) report.current(text);
            if (text) last = { text, at: now };
          }
          timer = setTimeout(() => void read(), READ_EVERY_MS);
        };
        void read();
      } catch (error) {
        if (!stopped) setStatus(problemOf(error));
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      setStatus('starting');
    };
  }, [on, formatKey]);

  return { video, state: on ? status : ('off' as const) };
}
