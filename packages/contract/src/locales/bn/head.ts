import type en from '../en/head.ts';
import type { Translation } from '../types.ts';

export default {
  'head.defaultDescription': 'বাংলাদেশে সেকেন্ড-হ্যান্ড মোবাইল ফোন কিনুন ও বিক্রি করুন: সব ব্র্যান্ডের ফোন, ছবি, বিবরণ আর বিক্রেতার রেটিংসহ।',
  'head.categoryDescription': 'বাংলাদেশে বিক্রির জন্য সেকেন্ড-হ্যান্ড {brand} ফোন: ছবি, বিবরণ আর টাকায় দাম।',
  'head.detailDescription': 'দাম {price}। অবস্থা: {condition}। এলাকা: {location}। বিক্রেতা: {seller}।',
  'head.searchDescription': 'ব্র্যান্ড, মডেল, দাম ও অবস্থা দিয়ে সেকেন্ড-হ্যান্ড ফোন খুঁজুন।',
  'head.sellerDescription':
    '{name} Resale Phones-এ সেকেন্ড-হ্যান্ড ফোন বিক্রি করেন। {rated, select, yes {{reviews, plural, other {#}}টি রিভিউতে রেটিং ৫-এর মধ্যে {average}।} other {এখনো কোনো রিভিউ নেই।}} বিক্রি হয়েছে {sold}টি, এখন বিক্রির জন্য আছে {live}টি।',
  'head.pricesDescription':
    'Resale Phones-এ পুরোনো {model} কত দামে বিক্রি হয়েছে: {sales, plural, =0 {গত {days} দিনে এখনো কোনো বিক্রি নেই} other {গত {days} দিনে {shownSales}টি বিক্রি}}, স্টোরেজ ও অবস্থা অনুযায়ী সাধারণ দাম, আর এখন বিক্রির জন্য আছে {forSale}টি।',
  'head.notFoundText': 'এই পাতাটি এখানে নেই: লিংকটি হয়তো ভুল, অথবা এখানে যা ছিল তা সরিয়ে ফেলা হয়েছে।',
} satisfies Translation<typeof en>;
