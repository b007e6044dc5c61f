import type { Category, Product } from '@market/contract';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/icon.tsx';
import { ProductCard } from './product-card.tsx';

export function SpecialProducts({ products }: { products: Product[] }) {
  if (products.length === 0) return null;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10" aria-labelledby="special-title">
      <h2 id="special-title" className="mb-6 text-center text-3xl font-bold">
        Special product
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
        {products.map((p) => (
          <ProductCard key={p._id} product={p} />
        ))}
      </div>
    </section>
  );
}

export function Brands({ categories }: { categories: Category[] }) {
  return (
    <section id="brands" className="mx-auto max-w-7xl scroll-mt-4 px-4 py-10" aria-labelledby="brands-title">
      <h2 id="brands-title" className="mb-6 text-center text-3xl font-bold">
        Brands
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {categories.map((c) => (
          <li key={c._id}>
            <Link
              to={`/category/${c._id}`}
              className="flex h-24 items-center justify-center rounded-xl p-3 transition hover:-translate-y-0.5 hover:bg-base-200"
            >
              <img src={c.categoryLogo} alt={c.category} width="240" height="96" loading="lazy" className="max-h-16 w-auto" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PromoBanner() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-col items-center justify-between gap-4 rounded-2xl bg-gradient-to-r from-teal-800 to-emerald-600 px-8 py-10 text-white sm:flex-row">
        <div>
          <p className="text-sm uppercase tracking-widest opacity-90">Limited offer</p>
          <h2 className="text-3xl font-extrabold sm:text-4xl">20% off Apple products</h2>
          <p className="mt-2 text-lg">Up to 16 December, on every second-hand iPhone in the Apple category.</p>
        </div>
        <span className="rounded-full bg-white px-6 py-3 text-2xl font-black text-teal-800">-20%</span>
      </div>
    </section>
  );
}

interface Item {
  title: string;
  text: string;
  icon: IconName;
}

const whyChooseUs: Item[] = [
  { icon: 'tag', title: 'Competitive Pricing', text: 'Fair prices on every device, and if you find the same phone cheaper elsewhere we match the price.' },
  { icon: 'shieldCheck', title: 'Quality Checks', text: 'Every phone is checked before it is listed, with a warranty of up to 1 year.' },
  { icon: 'refresh', title: 'Easy Return & Exchange', text: 'Changed your mind? Return or exchange your phone without hassle.' },
  { icon: 'lock', title: 'Secure Payment Options', text: 'Pay safely by card, with a mobile wallet, or in installments.' },
  { icon: 'headset', title: '24/7 Support', text: 'Our support team is here for you day and night.' },
  { icon: 'grid', title: 'Wide Range of Brands', text: 'Apple, Samsung, Xiaomi, OnePlus, Google and more in one place.' },
];

const partneredServices: Item[] = [
  { icon: 'wrench', title: 'Repair Services', text: 'Screen, battery and board repairs by trusted partner technicians.' },
  { icon: 'shield', title: 'Device Insurance', text: 'Protect your phone against accidental damage and theft.' },
  { icon: 'headphones', title: 'Accessory Deals', text: 'Discounts on cases, chargers, earphones and screen protectors.' },
  { icon: 'cash', title: 'Buyback Program', text: 'Sell your old phone to us for cash or store credit.' },
  { icon: 'document', title: 'Extended Warranties', text: 'Add up to two extra years of warranty to your purchase.' },
  { icon: 'card', title: 'Financing & Installments', text: 'Spread the cost of your phone with easy installment plans.' },
];

function ItemGrid({ id, title, items }: { id: string; title: string; items: Item[] }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10" aria-labelledby={id}>
      <h2 id={id} className="mb-6 text-center text-3xl font-bold">
        {title}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.title} className="rounded-xl bg-base-100 p-6 shadow-sm ring-1 ring-base-200">
            <span className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Icon name={item.icon} />
            </span>
            <h3 className="text-lg font-semibold">{item.title}</h3>
            <p className="mt-1 text-base-content/80">{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const WhyChooseUs = () => <ItemGrid id="why-title" title="Why Choose Us" items={whyChooseUs} />;
export const PartneredServices = () => <ItemGrid id="partners-title" title="Partnered Services" items={partneredServices} />;
