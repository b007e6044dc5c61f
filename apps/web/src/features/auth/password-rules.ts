import { passwordRule } from '../../lib/field-rules.ts';
import { translate } from '../../lib/i18n.ts';

/*
 * Made as the form renders (its texts in the page's language); the form calls useFieldRules() so
 * that the 'forms' catalog is in.
 */

/** The server's password policy (the identity provider's default the spec keeps), from the contract. */
export const newPasswordRules = () => passwordRule(translate('newPassword.label'), translate('forms.newPasswordRequired'));

/** The repeated new password must match the first one. */
export const confirmPasswordRules = (password: () => string) => ({
  required: translate('forms.newPasswordAgain'),
  validate: (value: string) => value === password() || translate('forms.passwordsDiffer'),
});
