import { errorMessage } from './errors.ts';
import { translate } from './i18n.ts';
import { notify } from './notify.ts';

/** Runs a change the user asked for and says how it went: `done` in a success toast, or the server's reason. */
export async function attempt(change: () => Promise<unknown>, done: string) {
  try {
    await change();
    notify.success(done);
  } catch (err) {
    notify.error(errorMessage(err, translate('toast.somethingWentWrong')));
  }
}
