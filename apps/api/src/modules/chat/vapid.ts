import { join } from 'node:path';
import webpush from 'web-push';
import { keptFile } from '../../kept-file.ts';

/** The push services of the browsers people use (Chrome and Edge, Firefox, Safari, Windows): the only places we POST to. */
export const KNOWN_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
];

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The VAPID key pair, made once and kept in DATA_DIR (like the JWT secret): a browser's subscription is bound to its public key. */
export const vapidKeysIn = (dataDir: string): VapidKeys =>
  JSON.parse(keptFile(join(dataDir, 'vapid-keys.json'), () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys;
