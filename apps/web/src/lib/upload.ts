import { routes } from '@market/contract/routes';
import { errorMessage } from './errors.ts';
import { translate } from './i18n.ts';
import { scaledPicture } from './scale-picture.ts';

const cancelled = () => new DOMException('The upload was cancelled', 'AbortError');

/**
 * Sends one picture to POST /api/images and answers its URL, telling how much of the file has gone
 * (0 to 1) as it goes: fetch cannot say that, XMLHttpRequest can. A camera's photo is first made smaller
 * (scale-picture.ts: a tenth of its weight). A refusal rejects with the server's message in the page's
 * language ('image is too large: at most 40 megapixels'); a lost connection with a message that says so.
 */
export async function uploadPicture(chosen: File, token: string | null, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<string> {
  const file = await scaledPicture(chosen);
  // Removed while it was being made smaller: nothing is sent.
  if (signal?.aborted) throw cancelled();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(routes.uploadImage.method, routes.uploadImage.path);
    // The spec's client sends the token raw, without a scheme (lib/api.ts does the same).
    if (token) xhr.setRequestHeader('authorization', token);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { success?: boolean; data?: { url?: string } } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.data?.url) {
        onProgress(1);
        resolve(body.data.url);
      } else reject(new Error(errorMessage({ data: body }, translate('upload.failedStatus', { status: xhr.status }))));
    };
    xhr.onerror = () => reject(new Error(translate('upload.failedConnection')));
    xhr.onabort = () => reject(cancelled());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('image', file);
    xhr.send(body);
  });
}
