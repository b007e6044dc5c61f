import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/errors.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { currentSubscription, keyBytes, pushSupported } from './push.ts';
import { useLazyPushKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation } from './push-api.ts';

/** Where this browser stands: it cannot, the person blocked the site's notifications, or they are off or on here. */
type State = 'unsupported' | 'denied' | 'checking' | 'off' | 'on';

const initialState = (): State => (!pushSupported() ? 'unsupported' : Notification.permission === 'denied' ? 'denied' : 'checking');

/**
 * The account page's 'Notifications on this device' (issue 33): a switch that asks the browser's permission,
 * subscribes through the site's service worker with the server's key and gives the subscription to the server
 * (messages and deal news reach this device while the site is closed), or unsubscribes and tells the server. A
 * browser that cannot, or whose person blocked the site's notifications, is told so instead.
 */
export function DevicePush() {
  const t = useT('dashboard');
  const { role } = useAuth();
  const id = useId();
  const [state, setState] = useState<State>(initialState);
  const [busy, setBusy] = useState(false);
  const [getKey] = useLazyPushKeyQuery();
  const [subscribe] = useSubscribePushMutation();
  const [unsubscribe] = useUnsubscribePushMutation();

  useEffect(() => {
    if (state !== 'checking') return;
    let current = true;
    currentSubscription().then(
      (subscription) => current && setState(subscription ? 'on' : 'off'),
      () => current && setState('off'),
    );
    return () => {
      current = false;
    };
  }, [state]);

  if (role === null || role === 'Admin') return null;

  const turnOn = async () => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'off');
    if (!(await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.register('/sw.js');
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = await getKey().unwrap();
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    const { endpoint, keys } = subscription.toJSON();
    try {
      await subscribe({ endpoint: endpoint ?? subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } }).unwrap();
    } catch (err) {
      // Not kept by the server: this browser does not keep it either.
      await subscription.unsubscribe().catch(() => false);
      throw err;
    }
    setState('on');
    notify.success(translate('devicePush.turnedOn'));
  };

  const turnOff = async () => {
    const subscription = await currentSubscription();
    setState('off');
    if (!subscription) return;
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    await unsubscribe(endpoint).unwrap();
    notify.success(translate('devicePush.turnedOff'));
  };

  const toggle = async (wanted: boolean) => {
    setBusy(true);
    try {
      await (wanted ? turnOn() : turnOff());
    } catch (err) {
      notify.error(errorMessage(err, translate(wanted ? 'devicePush.failed' : 'devicePush.offFailed')));
    } finally {
      setBusy(false);
    }
  };

  const usable = state === 'on' || state === 'off';
  return (
    <div className="card bg-base-100 ring-1 ring-base-200">
      <div className="card-body gap-3">
        <h2 className="text-xl font-semibold">{t('devicePush.title')}</h2>
        <p className="text-sm">{t('devicePush.text')}</p>
        {state === 'unsupported' ? (
          <p className="text-sm font-medium" role="status">
            {t('devicePush.unsupported')}
          </p>
        ) : state === 'denied' ? (
          <p className="text-sm font-medium" role="status">
            {t('devicePush.denied')}
          </p>
        ) : (
          <label htmlFor={id} className="flex cursor-pointer items-center gap-3">
            <input
              id={id}
              type="checkbox"
              role="switch"
              className="toggle toggle-primary"
              checked={state === 'on'}
              disabled={!usable || busy}
              onChange={(e) => void toggle(e.target.checked)}
            />
            <span>{t('devicePush.switch')}</span>
          </label>
        )}
      </div>
    </div>
  );
}
