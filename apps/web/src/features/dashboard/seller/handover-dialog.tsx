import { handoverCodeLength, type Order } from '@market/contract';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useModal } from '../../../components/use-modal.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useHandOverMutation } from './api.ts';

const codePattern = new RegExp(`^[0-9]{${handoverCodeLength}}$`);

/** The code a scanned QR code carries: the buyer's handover address (`…?handover=<id>&code=123456`), or the bare digits. */
export function codeFromScan(text: string, orderId: string): string | null {
  if (codePattern.test(text.trim())) return text.trim();
  try {
    const url = new URL(text);
    const code = url.searchParams.get('code') ?? '';
    return url.searchParams.get('handover') === orderId && codePattern.test(code) ? code : null;
  } catch {
    return null;
  }
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;
/** The browser's own QR reader (Chrome on Android, Safari…), where there is one: no library, no outside service. */
const BarcodeDetector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/**
 * The seller's entry of the buyer's handover code (issue 31, item 3): typed, filled in by the QR code's address
 * (the phone's own camera app opens it), or scanned here with the camera where the browser reads QR codes. Entering
 * it hands the phone over, which cannot be undone: the dialog says so. A wrong code says how many tries are left.
 */
export function HandoverDialog({ order, initialCode, onClose }: { order: Order; initialCode: string; onClose(): void }) {
  const t = useT('dashboard');
  const ref = useModal(true);
  const titleId = useId();
  const hintId = useId();
  const [code, setCode] = useState(initialCode);
  const [problem, setProblem] = useState('');
  const [scanning, setScanning] = useState(false);
  const [handOver, { isLoading }] = useHandOverMutation();
  const texts = { product: order.productName, buyer: order.buyerName };

  const submit = async () => {
    if (!codePattern.test(code)) return setProblem(t('enterCode.wrongFormat'));
    try {
      await handOver({ id: order._id, code }).unwrap();
      notify.success(t('enterCode.done', texts));
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, translate('toast.somethingWentWrong')));
    }
  };

  return (
    <dialog ref={ref} className="modal" onCancel={onClose} onClose={onClose} aria-labelledby={titleId}>
      <div className="modal-box space-y-3">
        <h2 id={titleId} className="text-xl font-semibold">
          {t('enterCode.title', texts)}
        </h2>
        <p>{t('enterCode.text', texts)}</p>
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label className="block">
            <span className="label-text">{t('enterCode.field')}</span>
            <input
              className="input input-bordered input-lg w-full text-center font-mono text-3xl tracking-[0.3em]"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={handoverCodeLength}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, ''));
                setProblem('');
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? hintId : undefined}
            />
          </label>
          {problem && (
            <p id={hintId} role="alert" className="text-sm text-error">
              {problem}
            </p>
          )}
          {BarcodeDetector &&
            (scanning ? (
              <Scanner
                label={t('enterCode.camera')}
                stop={t('enterCode.stopScan')}
                onCode={(text) => {
                  const found = codeFromScan(text, order._id);
                  if (!found) return false;
                  setCode(found);
                  setScanning(false);
                  return true;
                }}
                onFail={() => {
                  setScanning(false);
                  setProblem(t('enterCode.noCamera'));
                }}
                onStop={() => setScanning(false)}
              />
            ) : (
              <button type="button" className="btn btn-outline w-full" onClick={() => setScanning(true)}>
                {t('enterCode.scan')}
              </button>
            ))}
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('enterCode.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={isLoading}>
              {t('enterCode.confirm')}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}

/** The back camera, read a few times a second until a QR code holds the code (`onCode` answers whether it did). */
function Scanner({ label, stop, onCode, onFail, onStop }: { label: string; stop: string; onCode(text: string): boolean; onFail(): void; onStop(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  // The latest callbacks, without restarting the camera at each render.
  const said = useRef({ onCode, onFail });
  useLayoutEffect(() => {
    said.current = { onCode, onFail };
  });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let done = false;
    const detector = new BarcodeDetector!({ formats: ['qr_code'] });
    const look = async () => {
      if (done || !video.current) return;
      const found = await detector.detect(video.current).catch(() => []);
      if (found.some((f) => said.current.onCode(f.rawValue))) return;
      timer = window.setTimeout(look, 300);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (done || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => said.current.onFail());
    return () => {
      done = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return (
    <div className="space-y-2">
      <video ref={video} className="w-full rounded-box bg-base-300" muted playsInline aria-label={label} />
      <button type="button" className="btn btn-ghost btn-sm w-full" onClick={onStop}>
        {stop}
      </button>
    </div>
  );
}
