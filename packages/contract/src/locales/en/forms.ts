/** The forms' validation messages (lib/field-rules.ts, the password rules). */
export default {
  // The contract's messages (packages/contract/src/rules.ts: the server's words, in English), after the field's label.
  'forms.required': '{label} is required',
  'forms.control': '{label} must not contain control characters',
  'forms.tooLong': '{label} must be at most {max} characters',
  'forms.phone': '{label} must be 6 to 20 digits, spaces or dashes, with an optional + in front',
  'forms.email': '{label} must be a valid e-mail address',
  'forms.passwordShort': '{label} must be at least {min} characters',
  'forms.passwordLong': '{label} must be at most {max} characters',
  'forms.number': '{label} must be a number',
  'forms.wholeTaka': '{label} must be a whole number of taka',
  'forms.positive': '{label} must be a positive number',
  'forms.tooHigh': '{label} must be at most {max}',
  'forms.imageType': '{label} must be a JPEG, PNG, WebP, GIF or AVIF picture',
  'forms.imageSize': '{label} is too large: at most {size} MB',
  'forms.future': '{label} cannot be in the future',
  'forms.imeiShape': '{label} must be 15 digits (dial *#06# on the phone to see it)',
  'forms.imeiCheck': '{label} is not a valid IMEI: its last digit does not match the other 14 (check for a typing mistake)',
  'forms.storage': '{label} must be one of {sizes} GB',
  'forms.battery': '{label} must be a whole percentage from {min} to {max}',
  'forms.ram': '{label} must be a whole number of GB from {min} to {max}',
  'forms.stars': '{label} must be a whole number of stars from {min} to {max}',
  'forms.warranty': '{label} must be a whole number of months from {min} to {max}',
  // A field the server refused for a reason the forms do not know (lib/field-rules.ts).
  'forms.invalid': '{label} is not valid',
  // A new password typed twice (features/auth/password-rules.ts).
  'forms.newPasswordRequired': 'Enter a new password',
  'forms.newPasswordAgain': 'Enter the new password again',
  'forms.passwordsDiffer': 'The passwords do not match',
} as const;
