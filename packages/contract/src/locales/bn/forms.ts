import type en from '../en/forms.ts';
import type { Translation } from '../types.ts';

export default {
  'forms.required': '{label} দিতে হবে',
  'forms.control': '{label}-এ কন্ট্রোল ক্যারেক্টার থাকা চলবে না',
  'forms.tooLong': '{label} সর্বোচ্চ {max} অক্ষরের হতে পারে',
  'forms.phone': '{label}-এ ৬ থেকে ২০টি অঙ্ক, স্পেস বা ড্যাশ থাকতে হবে, শুরুতে চাইলে + দিতে পারেন',
  'forms.email': '{label} একটি সঠিক ইমেইল ঠিকানা হতে হবে',
  'forms.passwordShort': '{label} কমপক্ষে {min} অক্ষরের হতে হবে',
  'forms.passwordLong': '{label} সর্বোচ্চ {max} অক্ষরের হতে পারে',
  'forms.number': '{label} একটি সংখ্যা হতে হবে',
  'forms.wholeTaka': '{label} পূর্ণ টাকার অঙ্কে হতে হবে',
  'forms.positive': '{label} শূন্যের বেশি হতে হবে',
  'forms.tooHigh': '{label} সর্বোচ্চ {max} হতে পারে',
  'forms.imageType': '{label} JPEG, PNG, WebP, GIF বা AVIF ছবি হতে হবে',
  'forms.imageSize': '{label} অনেক বড়: সর্বোচ্চ {size} MB',
  'forms.future': '{label} ভবিষ্যতের তারিখ হতে পারে না',
  'forms.imeiShape': '{label} ১৫ অঙ্কের হতে হবে (দেখতে ফোনে *#06# ডায়াল করুন)',
  'forms.imeiCheck': '{label} সঠিক IMEI নয়: শেষ অঙ্কটি বাকি ১৪টির সঙ্গে মেলে না (টাইপে ভুল হয়েছে কি না দেখুন)',
  'forms.storage': '{label} এগুলোর একটি হতে হবে: {sizes} GB',
  'forms.battery': '{label} {min} থেকে {max}-এর মধ্যে পূর্ণ শতাংশ হতে হবে',
  'forms.ram': '{label} {min} থেকে {max} GB-এর মধ্যে পূর্ণ সংখ্যা হতে হবে',
  'forms.stars': '{label} {min} থেকে {max}-এর মধ্যে পূর্ণ সংখ্যার স্টার হতে হবে',
  'forms.warranty': '{label} {min} থেকে {max} মাসের মধ্যে পূর্ণ সংখ্যা হতে হবে',
  // A field the server refused for a reason the forms do not know (lib/field-rules.ts).
  'forms.invalid': '{label} সঠিক নয়',
  'forms.newPasswordRequired': 'একটি নতুন পাসওয়ার্ড লিখুন',
  'forms.newPasswordAgain': 'নতুন পাসওয়ার্ডটি আবার লিখুন',
  'forms.passwordsDiffer': 'পাসওয়ার্ড দুটি মেলেনি',
} satisfies Translation<typeof en>;
