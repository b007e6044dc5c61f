/** Texts of the e-mails the API sends (apps/api/src/modules/mail/templates.ts), in the account's language; the web never loads them. */
export default {
  // Every mail's frame.
  'mail.hello': 'Hello {name},',
  // An address not yet confirmed is greeted without the name whoever signed up chose (decision 039).
  'mail.helloAnyone': 'Hello,',
  'mail.openAddress': 'Or open this address: {url}',
  'mail.signature': '— Resale Phones',

  'mail.verify.subject': 'Confirm your e-mail address',
  'mail.verify.body': 'Please confirm that this is your e-mail address for Resale Phones. Until you do, you can browse but not post phones, book or report.',
  'mail.verify.action': 'Confirm my e-mail address',
  'mail.verify.after':
    'The link works once, for {hours, plural, one {# hour} other {# hours}}. If you did not create an account, do not confirm: ignore this mail and nothing happens.',

  'mail.exists.subject': 'You already have an account',
  'mail.exists.body':
    'Someone, probably you, just tried to create a Resale Phones account with this e-mail address. You already have one, so nothing was created.',
  'mail.exists.signIn': 'To sign in, go to {url}.',
  'mail.exists.action': 'Forgot your password? Set a new one',
  'mail.exists.after': 'If it was not you, you can ignore this mail: your account is unchanged.',

  'mail.reset.subject': 'Set a new password',
  'mail.reset.body': 'You asked to set a new password for your Resale Phones account.',
  'mail.reset.action': 'Set a new password',
  'mail.reset.after':
    'The link works once, for {minutes, plural, one {# minute} other {# minutes}}. Setting a new password signs you out everywhere else. If you did not ask, ignore this mail: your password stays as it is.',

  'mail.changed.subject': 'Your password was changed',
  'mail.changed.body': 'The password of your Resale Phones account was just changed, and every other session was signed out.',
  'mail.changed.action': 'Not you? Set a new password now',

  'mail.google.subject': 'Google sign-in was added to your account',
  'mail.google.body': 'Your Resale Phones account can now be signed into with the Google account {googleEmail}.',
  'mail.google.after': 'If that was not you, set a new password and tell us.',

  'mail.warning.subject': 'A warning about your listing {productName}',
  'mail.warning.body':
    'Buyers reported your listing "{productName}", and an administrator of Resale Phones has looked at it. The listing stays up, but please put right what is wrong:',
  'mail.warning.after': 'Listings that break the rules again may be removed, and the account suspended.',
  // An Admin verified the seller (issue 35, item 15): the seller is told.

  'mail.note.open': 'Open {page}',
  'mail.note.stillAvailable': 'Still available',
  'mail.note.after': 'You get an e-mail like this for each move of your deals on Resale Phones. Choose which ones on your account page: {url}',

  // A text message (issue 32): a one-time code confirming a payout wallet. Short: one SMS.
  'sms.payoutCode': 'Resale Phones: {code} is your code to receive payouts on this bKash number. It ends in 10 minutes. Never tell it to anyone, not even us.',
  'sms.numberCode':
    'Resale Phones: {code} is your code to confirm this mobile number for selling. It ends in 10 minutes. Never tell it to anyone, not even us.',

  // Conversations (issue 33): a warning about a reported message; the digest of unread messages; a push's words.
  'mail.senderWarning.subject': 'A warning about your messages on Resale Phones',
  'mail.senderWarning.body':
    'Someone you wrote to about "{productName}" reported one of your messages, and an administrator of Resale Phones has read the conversation. Please keep to the rules:',
  'mail.senderWarning.after': 'Accounts that break the rules again may be suspended.',
  'mail.digest.subject': '{count, plural, one {You have # unread message} other {You have # unread messages}} on Resale Phones',
  'mail.digest.body': '{count, plural, one {# message} other {# messages}} from {name} about {productName}',
  'mail.digest.open': 'Open your messages',
  'mail.searchDigest.subject': '{count, plural, one {# new phone matches} other {# new phones match}} your saved searches on Resale Phones',
  'mail.searchDigest.body': '{name}, {price}: {url}',
  'mail.searchDigest.open': 'Your saved searches',
  'mail.searchDigest.after': 'We write once a day about the searches you asked to hear of daily. Change that, or delete a search, on your saved searches page.',
  'mail.digest.after': 'We write when messages wait unread for 15 minutes, once for them all. Choose which e-mails come on your account page: {url}',
  'push.message': '{name} about {productName}',
  'push.photo': 'A photo',
} as const;
