import type en from '../en/mail.ts';
import type { Translation } from '../types.ts';

export default {
  'mail.hello': 'প্রিয় {name},',
  // An address not yet confirmed is greeted without the name whoever signed up chose (decision 039).
  'mail.helloAnyone': 'শুভেচ্ছা,',
  'mail.openAddress': 'অথবা এই ঠিকানাটি খুলুন: {url}',
  'mail.signature': '— Resale Phones',

  'mail.verify.subject': 'আপনার ইমেইল ঠিকানা নিশ্চিত করুন',
  'mail.verify.body':
    'অনুগ্রহ করে নিশ্চিত করুন যে এটিই Resale Phones-এ আপনার ইমেইল ঠিকানা। নিশ্চিত না করা পর্যন্ত আপনি ফোন দেখতে পারবেন, কিন্তু ফোন পোস্ট, বুক বা রিপোর্ট করতে পারবেন না।',
  'mail.verify.action': 'আমার ইমেইল ঠিকানা নিশ্চিত করুন',
  'mail.verify.after':
    'লিংকটি একবারই কাজ করবে, {hours, plural, other {# ঘণ্টা}} পর্যন্ত। আপনি অ্যাকাউন্ট না খুলে থাকলে নিশ্চিত করবেন না: এই মেইলটি উপেক্ষা করুন, কিছুই হবে না।',

  'mail.exists.subject': 'আপনার আগে থেকেই একটি অ্যাকাউন্ট আছে',
  'mail.exists.body':
    'কেউ, সম্ভবত আপনিই, এইমাত্র এই ইমেইল ঠিকানা দিয়ে Resale Phones-এ অ্যাকাউন্ট খোলার চেষ্টা করেছেন। আপনার আগে থেকেই একটি অ্যাকাউন্ট আছে, তাই নতুন কিছু খোলা হয়নি।',
  'mail.exists.signIn': 'সাইন ইন করতে {url} এ যান।',
  'mail.exists.action': 'পাসওয়ার্ড ভুলে গেছেন? নতুন পাসওয়ার্ড দিন',
  'mail.exists.after': 'এটি আপনি না হলে মেইলটি উপেক্ষা করতে পারেন: আপনার অ্যাকাউন্টে কিছুই বদলায়নি।',

  'mail.reset.subject': 'নতুন পাসওয়ার্ড দিন',
  'mail.reset.body': 'আপনি আপনার Resale Phones অ্যাকাউন্টের জন্য নতুন পাসওয়ার্ড দিতে চেয়েছেন।',
  'mail.reset.action': 'নতুন পাসওয়ার্ড দিন',
  'mail.reset.after':
    'লিংকটি একবারই কাজ করবে, {minutes, plural, other {# মিনিট}} পর্যন্ত। নতুন পাসওয়ার্ড দিলে অন্য সব জায়গা থেকে আপনি সাইন আউট হয়ে যাবেন। আপনি না চেয়ে থাকলে এই মেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।',

  'mail.changed.subject': 'আপনার পাসওয়ার্ড বদলানো হয়েছে',
  'mail.changed.body': 'আপনার Resale Phones অ্যাকাউন্টের পাসওয়ার্ড এইমাত্র বদলানো হয়েছে, এবং অন্য সব সেশন থেকে সাইন আউট করা হয়েছে।',
  'mail.changed.action': 'আপনি নন? এখনই নতুন পাসওয়ার্ড দিন',

  'mail.google.subject': 'আপনার অ্যাকাউন্টে গুগল সাইন-ইন যোগ হয়েছে',
  'mail.google.body': 'এখন থেকে আপনার Resale Phones অ্যাকাউন্টে গুগল অ্যাকাউন্ট {googleEmail} দিয়ে সাইন ইন করা যাবে।',
  'mail.google.after': 'এটি আপনি না করে থাকলে নতুন পাসওয়ার্ড দিন এবং আমাদের জানান।',

  'mail.warning.subject': 'আপনার বিজ্ঞাপন {productName} নিয়ে একটি সতর্কবার্তা',
  'mail.warning.body':
    'ক্রেতারা আপনার বিজ্ঞাপন "{productName}" রিপোর্ট করেছেন, এবং Resale Phones-এর একজন অ্যাডমিন তা দেখেছেন। বিজ্ঞাপনটি থাকছে, তবে যা ভুল আছে অনুগ্রহ করে ঠিক করুন:',
  'mail.warning.after': 'আবার নিয়ম ভাঙলে বিজ্ঞাপন সরিয়ে দেওয়া হতে পারে, এবং অ্যাকাউন্ট স্থগিত করা হতে পারে।',
  // An Admin verified the seller (issue 35, item 15): the seller is told.

  'mail.note.open': '{page} খুলুন',
  'mail.note.stillAvailable': 'এখনও বিক্রি হয়নি',
  'mail.note.after': 'Resale Phones-এ আপনার প্রতিটি লেনদেনে কিছু ঘটলে এমন একটি ই-মেইল পান। কোনগুলো পাবেন তা আপনার অ্যাকাউন্ট পেজে বেছে নিন: {url}',

  // একটি এসএমএস (issue 32): পেআউট ওয়ালেট নিশ্চিত করার এককালীন কোড।
  'sms.payoutCode': 'রিসেল ফোনস: এই বিকাশ নম্বরে পেআউট পেতে আপনার কোড {code}। ১০ মিনিটে মেয়াদ শেষ। কাউকে বলবেন না, আমাদেরও না।',
  'sms.numberCode': 'রিসেল ফোনস: বিক্রির জন্য এই মোবাইল নম্বর নিশ্চিত করতে আপনার কোড {code}। ১০ মিনিটে মেয়াদ শেষ। কাউকে বলবেন না, আমাদেরও না।',

  // কথোপকথন (issue 33): রিপোর্ট হওয়া মেসেজের সতর্কবার্তা; না-পড়া মেসেজের সারাংশ; পুশ নোটিফিকেশনের কথা।
  'mail.senderWarning.subject': 'রিসেল ফোনস-এ আপনার মেসেজ নিয়ে একটি সতর্কবার্তা',
  'mail.senderWarning.body':
    '"{productName}" নিয়ে আপনি যাকে লিখেছেন তিনি আপনার একটি মেসেজ রিপোর্ট করেছেন, এবং রিসেল ফোনস-এর একজন অ্যাডমিন কথোপকথনটি পড়েছেন। অনুগ্রহ করে নিয়ম মেনে চলুন:',
  'mail.senderWarning.after': 'আবার নিয়ম ভাঙলে অ্যাকাউন্ট স্থগিত করা হতে পারে।',
  'mail.digest.subject': 'রিসেল ফোনস-এ আপনার {count, plural, other {#টি}} না-পড়া মেসেজ আছে',
  'mail.digest.body': '{productName} নিয়ে {name}-এর {count, plural, other {#টি}} মেসেজ',
  'mail.digest.open': 'আপনার মেসেজ খুলুন',
  'mail.searchDigest.subject': 'Resale Phones-এ আপনার সেভ করা খোঁজের সাথে {count, plural, other {#টি নতুন ফোন}} মিলেছে',
  'mail.searchDigest.body': '{name}, {price}: {url}',
  'mail.searchDigest.open': 'আপনার সেভ করা খোঁজ',
  'mail.searchDigest.after': 'যেসব খোঁজের খবর দিনে একবার চেয়েছেন, সেগুলো নিয়ে আমরা দিনে একবার লিখি। সেভ করা খোঁজের পেজে তা বদলান বা কোনো খোঁজ মুছুন।',
  'mail.digest.after': 'মেসেজ ১৫ মিনিট না-পড়া থাকলে আমরা সবগুলোর জন্য একবার লিখি। কোন ই-মেইল পাবেন তা আপনার অ্যাকাউন্ট পেজে বেছে নিন: {url}',
  'push.message': '{productName} নিয়ে {name}',
  'push.photo': 'একটি ছবি',
} satisfies Translation<typeof en>;
