import type en from '../en/errors.ts';
import type { Translation } from '../types.ts';

/** How long until a limit lets the caller try again, as the English WAIT says it ('#' prints Bangla digits). */
const WAIT = '{minutes, plural, =0 {{seconds, plural, other {# সেকেন্ড}}} other {# মিনিট}}';

/*
 * A select can only name a one-word value: `not_found`'s 'Demo accounts' and 'Stripe webhook' and a
 * joined `roles` ('Buyer or Seller') are said in English through the `other` branch.
 */
export default {
  // Signed in, allowed, one's own.
  not_logged_in: 'অনুগ্রহ করে আগে লগইন করুন',
  session_expired: 'আপনার সেশনটি অবৈধ বা এর মেয়াদ শেষ হয়ে গেছে, অনুগ্রহ করে আবার লগইন করুন',
  session_invalid: 'আপনার সেশনটি অবৈধ, অনুগ্রহ করে আবার লগইন করুন',
  session_ended: 'আপনার সেশন শেষ হয়ে গেছে, অনুগ্রহ করে আবার লগইন করুন',
  account_gone: 'আপনার অ্যাকাউন্টটি আর নেই',
  account_suspended: 'আপনার অ্যাকাউন্টটি সাসপেন্ড করা হয়েছে',
  forbidden_role: '{roles, select, Admin {শুধু অ্যাডমিনরাই} Seller {শুধু বিক্রেতারাই} Buyer {শুধু ক্রেতারাই} other {শুধু {roles}}} এটি করতে পারেন',
  email_not_confirmed: 'আগে আপনার ইমেইল ঠিকানা নিশ্চিত করুন: আমাদের পাঠানো লিংকটি খুলুন, অথবা আপনার অ্যাকাউন্ট পেজ থেকে নতুন লিংক চান',
  own_data_only: 'আপনি শুধু নিজের তথ্যই দেখতে পারেন',
  not_yours:
    '{what, select, product {এই প্রোডাক্টটি আপনার নয়} order {এই অর্ডারটি আপনার নয়} booking {এই বুকিংটি আপনার ফোনের নয়} review {এই রিভিউটি আপনার নয়} review_of_me {এই রিভিউটি আপনাকে নিয়ে নয়} other {এই {what} আপনার নয়}}',
  not_found:
    '{what, select, User {ব্যবহারকারীকে} Seller {বিক্রেতাকে} Product {প্রোডাক্টটি} Order {অর্ডারটি} Booking {বুকিংটি} Review {রিভিউটি} Notification {নোটিফিকেশনটি} Payout {পেআউটটি} other {{what}}} খুঁজে পাওয়া যায়নি',
  metrics_not_allowed:
    'মেট্রিক্স দেখতে মেট্রিক্স টোকেন (METRICS_TOKEN) বেয়ারার টোকেন হিসেবে লাগবে, অথবা কোনো প্রক্সি বিশ্বাস করা না থাকলে এই মেশিন থেকেই অনুরোধ করতে হবে',

  // Accounts and signing in.
  wrong_credentials: 'ইমেইল বা পাসওয়ার্ড সঠিক নয়',
  suspended: 'এই অ্যাকাউন্টটি সাসপেন্ড করা হয়েছে: এটি দিয়ে লগইন করা যাবে না। ভুল মনে হলে hello@resalephones.example-এ লিখুন',
  email_already_confirmed: 'আপনার ইমেইল ঠিকানা আগেই নিশ্চিত করা হয়েছে',
  link_expired: 'এই লিংকের মেয়াদ শেষ হয়ে গেছে বা এটি আগেই ব্যবহার করা হয়েছে: নতুন লিংক চান',
  no_password_yet: 'আপনার অ্যাকাউন্টে এখনো কোনো পাসওয়ার্ড নেই: পাসওয়ার্ড সেট করতে লগইন পেজের ‘পাসওয়ার্ড ভুলে গেছেন?’ ব্যবহার করুন',
  wrong_current_password: 'বর্তমান পাসওয়ার্ডটি সঠিক নয়',
  google_not_set_up: 'এই সার্ভারে গুগল সাইন-ইন চালু করা নেই',
  google_unreachable: 'গুগলের সাথে যোগাযোগ করা যায়নি, অনুগ্রহ করে আবার চেষ্টা করুন',
  google_sign_in_expired: 'আপনার গুগল সাইন-ইনের মেয়াদ শেষ হয়ে গেছে, অনুগ্রহ করে আবার চেষ্টা করুন',
  google_sign_in_unverified: 'আপনার গুগল সাইন-ইন যাচাই করা যায়নি',
  google_sign_in_lost: 'গুগল সাইন-ইনে অনেক সময় লেগেছে অথবা এটি অন্য কোথাও শুরু করা হয়েছিল, অনুগ্রহ করে আবার চেষ্টা করুন',
  google_sign_in_cancelled: 'গুগল সাইন-ইন বাতিল করা হয়েছে',
  google_sign_in_failed: 'গুগল সাইন-ইন হয়নি ({reason})',
  google_no_email: 'আপনার গুগল সাইন-ইনে ব্যবহারযোগ্য কোনো ইমেইল ঠিকানা পাওয়া যায়নি',
  google_email_unverified: 'আপনার গুগল ইমেইল ঠিকানাটি ভেরিফাইড নয়',
  google_email_unconfirmed:
    'এই ইমেইলে একটি অ্যাকাউন্ট আছে, কিন্তু এর ঠিকানা এখনো নিশ্চিত করা হয়নি, তাই এতে গুগল যোগ করা যাচ্ছে না: পাসওয়ার্ড দিয়ে লগইন করে ঠিকানাটি নিশ্চিত করুন, অথবা ‘পাসওয়ার্ড ভুলে গেছেন?’ ব্যবহার করুন',
  google_other_account: 'এই ইমেইল ঠিকানাটি অন্য একটি গুগল অ্যাকাউন্টের',
  admin_password_only: 'অ্যাডমিন শুধু ইমেইল ও পাসওয়ার্ড দিয়েই লগইন করেন',
  test_provider_own_accounts_only: 'লোকাল টেস্ট প্রোভাইডার শুধু নিজের খোলা ক্রেতা অ্যাকাউন্টেই সাইন ইন করতে পারে',
  test_provider_email_taken: 'এই ইমেইল ঠিকানায় আগে থেকেই একটি অ্যাকাউন্ট আছে, যাতে লোকাল টেস্ট প্রোভাইডার সাইন ইন করতে পারে না: পাসওয়ার্ড দিয়ে লগইন করুন',

  // An Admin's acts on users.
  only_seller_verified: 'শুধু বিক্রেতাকেই ভেরিফাই করা যায়',
  only_seller_suspended: 'শুধু বিক্রেতাকেই সাসপেন্ড বা পুনর্বহাল করা যায়',
  seller_already_suspended: 'এই বিক্রেতাকে আগেই সাসপেন্ড করা হয়েছে',
  seller_not_suspended: 'এই বিক্রেতাকে সাসপেন্ড করা হয়নি',
  admin_cannot_be_deleted: 'অ্যাডমিন অ্যাকাউন্ট মুছে ফেলা যায় না',

  // Listings and search.
  unknown_category: 'বেছে নেওয়া ক্যাটাগরিটি খুঁজে পাওয়া যায়নি',
  purchase_in_future: 'কেনার তারিখ ভবিষ্যতের হতে পারে না',
  imei_taken: 'এই IMEI-র ফোন আগেই পোস্ট করা হয়েছে: একই হ্যান্ডসেট দুবার পোস্ট করা যায় না',
  sold_cannot_edit: 'এই প্রোডাক্টটি বিক্রি হয়ে গেছে: বিক্রি হওয়া ফোনের তথ্য বদলানো যায় না',
  sold_cannot_delete: 'এই প্রোডাক্টটি বিক্রি হয়েছে: বিক্রি হওয়া ফোন মুছে ফেলা যায় না, শুধু লুকানো যায়',
  only_sold_hidden: 'শুধু বিক্রি হওয়া ফোনই লুকানো যায়: বিক্রির জন্য থাকা ফোন মুছে ফেলা যায়',
  product_sold: 'এই প্রোডাক্টটি ইতিমধ্যে বিক্রি হয়ে গেছে',
  already_advertised: 'এই প্রোডাক্টটির বিজ্ঞাপন আগেই দেওয়া হয়েছে',
  only_available_advertised: 'শুধু বিক্রির জন্য থাকা প্রোডাক্টেরই বিজ্ঞাপন দেওয়া যায়',
  not_advertised: 'এই প্রোডাক্টটির বিজ্ঞাপন দেওয়া নেই',
  bad_search_cursor: 'cursor-টি এই সার্চেরই আগের কোনো পেজ থেকে নেওয়া হতে হবে',
  too_many_new_words:
    'এই বিজ্ঞাপনে এমন {count, plural, other {#}}টি শব্দ আছে যা সার্চ আগে দেখেনি; সর্বোচ্চ {max, plural, other {#}}টি চলে: নাম আর বিবরণের বানান দেখে নিন',

  // Pictures.
  image_not_multipart: 'ছবিটি multipart/form-data হিসেবে "image" ফিল্ডে পাঠান',
  image_field_missing: 'ছবিটি multipart-এর "image" ফিল্ডে পাঠান',
  malformed_multipart: 'multipart/form-data বডিটি ত্রুটিপূর্ণ',
  multipart_parts_limit: 'multipart-এর অংশের সংখ্যা সীমা ছাড়িয়ে গেছে',
  multipart_files_limit: 'ফাইলের সংখ্যা সীমা ছাড়িয়ে গেছে',
  multipart_fields_limit: 'ফিল্ডের সংখ্যা সীমা ছাড়িয়ে গেছে',
  multipart_proto_field: 'ফিল্ডের নাম হিসেবে prototype প্রপার্টি ব্যবহার করা যাবে না',
  image_type: 'ছবিটি অবশ্যই JPEG, PNG, WebP, GIF বা AVIF হতে হবে',
  image_too_large: 'ছবিটি অনেক বড়: সর্বোচ্চ ৫ এমবি',
  image_too_many_pixels: 'ছবিটি অনেক বড়: সর্বোচ্চ ৪০ মেগাপিক্সেল',
  image_damaged: 'ছবিটি পড়া যায়নি: ফাইলটি নষ্ট',
  image_too_detailed: 'ছবিটিতে এত খুঁটিনাটি যে সংরক্ষণ করা যাচ্ছে না: আরও ছোট বা সাদামাটা ছবি দিন',
  image_not_uploaded_here:
    '{field, select, userImg {প্রোফাইল ছবিটি} img {ছবিটি} other {ছবিটি ({field})}} এই সাইটেই আপলোড করা হতে হবে, আর আপলোডের {hours, plural, other {# ঘণ্টার}} মধ্যে ব্যবহার করতে হবে',

  image_not_yours: '{field, select, userImg {প্রোফাইল ছবিটি} img {ছবিটি} other {ছবিটি ({field})}} আপনাকে নিজেই আপলোড করতে হবে',
  // Bookings and orders.
  already_booked: 'আপনি এই প্রোডাক্টটি আগেই বুক করেছেন',
  booking_declined: 'বিক্রেতা এই ফোনে আপনার বুকিং নাকচ করেছেন: এটি আর বুক করা যাবে না',
  booking_paid_cannot_decline: 'এই বুকিংয়ের পেমেন্ট হয়ে গেছে: এটি নাকচ করা যাবে না',
  booking_already_declined: 'এই বুকিং আগেই নাকচ করা হয়েছে',
  booking_already_accepted: 'এই বুকিং আগেই গ্রহণ করা হয়েছে',
  booking_not_pending:
    'এই বুকিং {state, select, paid {এর পেমেন্ট হয়ে গেছে} refunded {এর পেমেন্ট হয়ে টাকা ফেরত দেওয়া হয়েছে} declined {নাকচ করা হয়েছে} cancelled {ক্রেতা বাতিল করেছেন} other {এর ফোনটি অন্য ক্রেতার কাছে বিক্রি হয়ে গেছে}}: এটি গ্রহণ করা যাবে না',
  booking_cancelled: 'ক্রেতা এই বুকিং বাতিল করেছেন',
  booking_expired: 'এই বুকিংয়ের মেয়াদ শেষ: বিক্রেতা সময়মতো উত্তর দেননি। ফোনটি বিক্রির জন্য থাকলে আবার বুক করা যাবে',
  booking_closed: 'এই বুকিং বন্ধ হয়ে গেছে: ফোনটি অন্য ক্রেতার কাছে গেছে',
  order_paid_cannot_delete: 'পেমেন্ট বা রিফান্ড হওয়া অর্ডার মুছে ফেলা যায় না: এটি পরিশোধ করা টাকার রেকর্ড',
  order_not_paid_cannot_refund: 'শুধু পেমেন্ট হওয়া অর্ডারই রিফান্ড করা যায়',
  order_already_refunded: 'এই অর্ডারটি আগেই রিফান্ড করা হয়েছে',
  product_reserved: 'এই ফোনটি একজন ক্রেতার জন্য সংরক্ষিত, যিনি বিক্রেতার সঙ্গে দেখা করছেন: এখন এটি বুক, গ্রহণ বা পেমেন্ট করা যাবে না',
  reserved_cannot_mark_sold: 'এই ফোনটি একজন ক্রেতার জন্য সংরক্ষিত: দেখা হলে বুকিং রিকোয়েস্টে তাঁর হ্যান্ডওভার কোড দিন, অথবা ডিলটি বাতিল করুন',
  reserved_cannot_delete: 'এই ফোনটি একজন ক্রেতার জন্য সংরক্ষিত: বিজ্ঞাপনটি মুছতে আগে ডিলটি বাতিল করতে হবে (দেখা করার দিনের পরে)',
  dispute_not_open: 'এই ডিলে অভিযোগ করা যাবে না: {state, select, completed {ডিলটি সম্পন্ন} other {শুধু হস্তান্তর হওয়া সুরক্ষিত ডিলে, অভিযোগের সময়ের মধ্যে}}',
  dispute_already_open: 'এই ডিলে একটি অভিযোগ আগেই খোলা আছে: একজন অ্যাডমিন সিদ্ধান্ত দেবেন',
  complaint_window_over: 'এই ডিলে অভিযোগের সময় শেষ: ডিলটি সম্পন্ন হচ্ছে',
  dispute_not_disputed: 'এই ডিলে কোনো অভিযোগ নেই',
  payout_method_missing: 'আগে একটি পেআউট পদ্ধতি যোগ করুন: বিকাশ ওয়ালেট বা ব্যাংক অ্যাকাউন্ট',
  payout_number_unconfirmed: 'আগে এসএমএসে পাঠানো কোড দিয়ে আপনার বিকাশ ওয়ালেট নিশ্চিত করুন',
  payout_number_confirmed: 'এই বিকাশ ওয়ালেট আগেই নিশ্চিত করা হয়েছে',
  payout_below_minimum: 'একটি পেআউট কমপক্ষে {minimum} টাকা: আপনার ব্যবহারযোগ্য ব্যালান্স এর চেয়ে কম',
  payout_over_balance: 'এটি আপনার ব্যবহারযোগ্য ব্যালান্সের ({available} টাকা) চেয়ে বেশি',
  payout_in_progress: 'আপনার একটি পেআউট পথে আছে: সেটি পৌঁছালে পরেরটি চান',
  payout_not_in_batch: 'শুধু ব্যাচে পাঠানো ব্যাংক পেআউটকে পরিশোধিত বা ব্যর্থ বলা যায়: এটি এখন {state}',
  no_bank_payouts_waiting: 'পাঠানোর অপেক্ষায় কোনো ব্যাংক পেআউট নেই',
  sms_code_wrong: 'এটি আমাদের পাঠানো কোড নয়: আর {left}বার চেষ্টা করা যাবে',
  sms_code_expired: 'কোডটির মেয়াদ শেষ (কোড ১০ মিনিট থাকে): নতুন কোড চান',
  sms_code_tries_used: 'পাঁচবার ভুল কোড: নতুন কোড চান',
  dispute_answers_full: 'এই অভিযোগে আপনি {max}বার উত্তর দিয়েছেন: আপনার কথা নিয়েই একজন অ্যাডমিন সিদ্ধান্ত দেবেন',
  refund_not_below_price: 'ভাগ করলে ফেরত দামের ({price} টাকা) চেয়ে কম হবে: পুরোটা ফেরত দিতে সম্পূর্ণ রিফান্ড করুন',
  order_pays_at_meeting: 'এই ডিলের দাম দেখা হওয়ার সময় নগদে দেওয়া হবে: সাইটে পেমেন্ট হয় না',
  handover_not_open:
    'এই ডিলে হ্যান্ডওভার কোড নেওয়া হয় না: {state, select, requested {বিক্রেতা এখনো গ্রহণ করেননি} handed_over {ফোনটি আগেই হস্তান্তর হয়েছে} completed {ডিলটি আগেই সম্পন্ন} other {ডিলটি শেষ}}',
  handover_needs_payment: 'এটি সুরক্ষিত পেমেন্টের ডিল: হ্যান্ডওভারের আগে ক্রেতা সাইটে পেমেন্ট করবেন',
  handover_locked: 'পাঁচবার ভুল হ্যান্ডওভার কোড: ডিলটি লক হয়ে গেছে। যেকোনো পক্ষ এটি বাতিল করতে পারেন',
  handover_wrong_code: 'এটি ক্রেতার হ্যান্ডওভার কোড নয়: ডিলটি লক হওয়ার আগে আর {left, plural, other {# বার}} চেষ্টা করা যাবে',
  deal_not_open: 'এই ডিল বাতিল করা যাবে না: {state, select, handed_over {ফোনটি হস্তান্তর হয়ে গেছে} completed {ডিলটি সম্পন্ন} other {ডিলটি আগেই শেষ}}',
  deal_not_accepted: 'এই বুকিং এখনো গ্রহণ করা হয়নি: ক্রেতা আমার অর্ডার থেকে বাতিল করেন, বিক্রেতা নাকচ করেন',
  meeting_day_not_over: 'দেখা করার দিন {date}: তার পরের দিন থেকে ডিলটি বাতিল করা যাবে',

  // Paying.
  order_paid: 'এই অর্ডারের পেমেন্ট আগেই হয়ে গেছে',
  order_declined: 'বিক্রেতা এই বুকিং নাকচ করেছেন',
  order_cancelled: 'আপনি এই বুকিং বাতিল করেছেন: পেমেন্ট করতে ফোনটি আবার বুক করুন',
  product_gone: 'এই ফোনটি আর বিক্রির জন্য নেই',
  sold_to_another_buyer: 'এই ফোনটি ইতিমধ্যে অন্য একজন ক্রেতার কাছে বিক্রি হয়ে গেছে',
  seller_suspended: 'এই ফোনের বিক্রেতাকে সাসপেন্ড করা হয়েছে: এখন এর পেমেন্ট করা যাবে না',
  unknown_payment: 'এই ট্রানজ্যাকশন আইডিতে কোনো পেমেন্ট পাওয়া যায়নি',
  payment_other_order: 'এই পেমেন্টটি অন্য একটি অর্ডারের',
  payment_not_succeeded: 'এই পেমেন্টটি সফল হয়নি',
  amount_mismatch: 'পরিশোধ করা টাকার পরিমাণ অর্ডারের সাথে মিলছে না',
  payment_refunded: '{reason}। আপনার পেমেন্ট ফেরত দেওয়া হচ্ছে।',
  bad_stripe_signature: 'stripe-signature বডির সাথে মিলছে না',
  bkash_unavailable: 'এই সার্ভারে বিকাশ চালু নেই',
  bkash_unreachable: 'বিকাশের সাথে যোগাযোগ করা যায়নি, অনুগ্রহ করে আবার চেষ্টা করুন',
  bkash_refused: 'বিকাশ: {detail}',
  bkash_not_started_here: 'এই বিকাশ পেমেন্টটি এখানে শুরু করা হয়নি',
  bkash_cancelled: 'আপনি বিকাশ পেমেন্টটি বাতিল করেছেন',
  bkash_payment_state: 'বিকাশ: পেমেন্টটির অবস্থা {status}',
  bkash_not_completed: 'বিকাশ পেমেন্ট সম্পন্ন হয়নি',
  bkash_other_order: 'বিকাশ পেমেন্টটি এই অর্ডারের সাথে মিলছে না',

  // Reviews and reports.
  review_before_completion: 'এই ডিলটি এখনো সম্পন্ন হয়নি: ফোন হস্তান্তরের পরে (আর সুরক্ষিত ডিলে অভিযোগের সময় শেষ হলে) রিভিউ দেওয়া যায়',
  review_seller_gone: 'এই অর্ডারের বিক্রেতার অ্যাকাউন্ট আর নেই: তাঁকে আর রিভিউ দেওয়া যাবে না',
  review_refunded: 'এই অর্ডারের টাকা ফেরত দেওয়া হয়েছে: টাকা ফেরত পাওয়া অর্ডারের রিভিউ দেওয়া যায় না',
  already_reviewed: 'আপনি এই অর্ডারের রিভিউ আগেই দিয়েছেন: বরং আপনার রিভিউটি বদলে নিন',
  review_edit_window_passed: 'রিভিউ লেখার পর {days, plural, other {# দিন}} পর্যন্ত তা বদলানো যায়: এটি তার চেয়ে পুরোনো',
  already_answered: 'আপনি এই রিভিউয়ের উত্তর আগেই দিয়েছেন',
  own_phone_report: 'আপনি নিজের ফোন রিপোর্ট করতে পারবেন না',
  already_reported: 'আপনি এই ফোনটি আগেই রিপোর্ট করেছেন',
  no_open_reports: 'এই ফোনের কোনো অমীমাংসিত রিপোর্ট নেই',

  // Abuse limits.
  too_many_requests: 'অনেক বেশি অনুরোধ এসেছে, অনুগ্রহ করে কিছুক্ষণ পর আবার চেষ্টা করুন',
  too_many_signups_from_address: `এই আইপি ঠিকানা থেকে অনেকবার সাইন আপ করা হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_signups_for_email: `এই ইমেইলে অনেকবার সাইন আপের চেষ্টা করা হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_logins_from_address: `এই আইপি ঠিকানা থেকে অনেকবার লগইনের চেষ্টা করা হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_failed_logins: `এই ইমেইলে অনেকবার লগইন ব্যর্থ হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_wrong_passwords: `এই অ্যাকাউন্টে অনেকবার ভুল পাসওয়ার্ড দেওয়া হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_links: `আপনি ইতিমধ্যে কয়েকটি লিংক চেয়েছেন: ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_resets_from_address: `এই আইপি ঠিকানা থেকে অনেকবার পাসওয়ার্ড রিসেট চাওয়া হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_resets_for_email: `এই ইমেইলের জন্য অনেকবার পাসওয়ার্ড রিসেট চাওয়া হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_google_sign_ins: `এই আইপি ঠিকানা থেকে অনেকবার গুগল সাইন-ইন করা হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_uploads: `এই আইপি ঠিকানা থেকে অনেক বেশি ছবি আপলোড করা হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  daily_upload_limit: `এই আইপি ঠিকানা থেকে এক দিনের সর্বোচ্চ সংখ্যক ছবি আপলোড হয়ে গেছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_payment_attempts: `অনেকবার পেমেন্টের চেষ্টা করা হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_bookings: `অল্প সময়ে অনেকগুলো ফোন বুক করেছেন, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_payout_changes: `অল্প সময়ে অনেকবার পেআউট পদ্ধতি বদলেছেন, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_sms_codes: `অল্প সময়ে এই নম্বরে অনেকগুলো কোড পাঠানো হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_card_attempts: `অনেকবার কার্ড দিয়ে চেষ্টা করা হয়েছে, ${WAIT} পর আবার চেষ্টা করুন`,
  too_many_listing_writes: `এই এক ঘণ্টায় আপনি অনেকগুলো বিজ্ঞাপন যোগ বা বদল করেছেন, ${WAIT} পর আবার চেষ্টা করুন`,

  // The request itself, as the framework or Node refuses it.
  invalid_input:
    '{where, select, body {পাঠানো তথ্য সঠিক নয়} input {দেওয়া তথ্য সঠিক নয়} querystring {লিংকের কোয়েরি সঠিক নয়} params {লিংকের প্যারামিটার সঠিক নয়} headers {অনুরোধের হেডার সঠিক নয়} request {অনুরোধটি সঠিক নয়} other {{where} সঠিক নয়}}: {problems}',
  malformed_json: 'বডিটি বৈধ JSON নয়, অথচ content-type ‘application/json’ দেওয়া আছে',
  empty_json_body: 'content-type ‘application/json’ হলে বডি খালি রাখা যায় না',
  unsupported_media_type: 'এই মিডিয়া টাইপ সমর্থিত নয়',
  payload_too_large: 'অনুরোধের বডি অনেক বড়',
  content_length_mismatch: 'অনুরোধের বডির আকার Content-Length-এর সাথে মেলেনি',
  bad_url: '‘{part}’ URL-এর বৈধ অংশ নয়',
  param_too_long: '‘{param}’ প্যারামিটারের সর্বোচ্চ দৈর্ঘ্য ছাড়িয়ে গেছে',
  route_not_found: '{method} {path} রুটটি পাওয়া যায়নি',
  request_timeout: 'অনুরোধটি পৌঁছাতে অনেক সময় লেগেছে: আরও ভালো ইন্টারনেট সংযোগে আবার পাঠান',
  headers_too_large: 'অনুরোধের হেডার অনেক বড়',
  not_http: 'অনুরোধটি বৈধ HTTP নয়',
  request_refused: '{detail}',
  server_error: 'আমাদের দিকে কোনো সমস্যা হয়েছে',
} satisfies Translation<typeof en>;
