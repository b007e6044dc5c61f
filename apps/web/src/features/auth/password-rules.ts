import { passwordRule } from '../../lib/field-rules.ts';

/** The server's password policy (the identity provider's default the spec keeps), from the contract. */
export const newPasswordRules = passwordRule('New password', 'Enter a new password');

/** The repeated new password must match the first one. */
export const confirmPasswordRules = (password: () => string) => ({
  required: 'Enter the new password again',
  validate: (value: string) => value === password() || 'The passwords do not match',
});
