/** The server's password policy (the identity provider's default the spec keeps): 6 to 200 characters. */
export const newPasswordRules = {
  required: 'Enter a new password',
  minLength: { value: 6, message: 'Use at least 6 characters' },
  maxLength: { value: 200, message: 'Use at most 200 characters' },
};

/** The repeated new password must match the first one. */
export const confirmPasswordRules = (password: () => string) => ({
  required: 'Enter the new password again',
  validate: (value: string) => value === password() || 'The passwords do not match',
});
