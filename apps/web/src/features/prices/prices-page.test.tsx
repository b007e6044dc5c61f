import { i18n } from '@lingui/core';
import { intlLocale, type ModelPrices } from '@market/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../lib/i18n.ts';
import { fakeApi, iphone13, renderAt } from '../../test-utils.tsx';
import { PricesPage } from './prices-page.tsx';
import { priceTicks } from './sales-chart.tsx';

/** Issue 34, item 3: a model's public prices page, from GET /api/prices/:brand/:model. */
const prices: ModelPrices = {
  model: iphone13,

  guides: [
    { storageGb: 128, condition: 'Good', guide: { basis: 'sales', low: 52_000, median: 55_000, high: 58_000, count: 7, days: 90 } },
    { storageGb: 256, condition: 'Excellent', guide: { basis: 'asking', low: 70_000, median: 70_000, high: 70_000, count: 1, days: 90 } },
  ],
  sales: [
    { day: '2026-10-01', price: 52_000, storageGb: 128, condition: 'Good' },
    { day: '2026-11-20', price: 58_000, storageGb: 128, condition: 'Fair' },
  ],
  forSale: 3,
  days: 90,
};

function show(answer: ModelPrices | null) {
  const calls = fakeApi(({ path }) =>
    path === '/api/prices/apple/iphone-13' && answer
      ? { status: 200, body: { success: true, data: answer } }
      : { status: 404, body: { success: false, code: 'not_found', message: 'Model not found' } },
  );
  renderAt('/prices/apple/iphone-13', <PricesPage />, '/prices/:brand/:model');
  return calls;
}

describe("a model's prices page", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the usual price of each storage and condition, what it stands on, the sales as a chart and a table, and the way to the phones', async () => {
    show(prices);
    expect(await screen.findByRole('heading', { level: 1, name: 'Used Apple iPhone 13 prices' })).toBeInTheDocument();
    const rows = within(screen.getAllByRole('table')[0]!).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'VariantUsual priceBased on',
      '128 GB, Good55,000 BDTThe middle half: 52,000 BDT–58,000 BDT7 sales',
      '256 GB, Excellent70,000 BDT1 asking price (too few sales yet)',
    ]);
    // Drawn twice, a narrow box for phones and a wide one (CSS shows one).
    const charts = screen.getAllByRole('img', { name: 'Each dot a sale: its day across, its price up. 2 sales.' });
    expect(charts.map((c) => c.getAttribute('viewBox'))).toEqual(['0 0 360 280', '0 0 640 280']);
    expect([...charts[0]!.querySelectorAll('title')].map((t) => t.textContent)).toEqual(['1 Oct: 52,000 BDT, Good', '20 Nov: 58,000 BDT, Fair']);
    // The table of sales, newest first.
    const sold = within(screen.getAllByRole('table')[1]!).getAllByRole('row');
    expect(sold[1]!.textContent).toBe('20 Nov 2026128 GBFair58,000 BDT');
    expect(screen.getByRole('link', { name: 'See the 3 for sale now' })).toHaveAttribute('href', '/search?q=Apple+iPhone+13');
  });

  it('says when there are no sales and no guide yet, and leads to the brand when nothing is for sale', async () => {
    show({ ...prices, guides: [], sales: [], forSale: 0 });
    expect(await screen.findByText('No sales or phones for sale yet to make a guide of.')).toBeInTheDocument();
    expect(screen.getByText('No sales in the last 90 days yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'None for sale now: see the other Apple phones' })).toHaveAttribute('href', `/category/${prices.model.brand._id}`);
  });

  it('is not found when the address names no model', async () => {
    show(null);
    expect(await screen.findByRole('link', { name: 'Back to Home' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '404 page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});

describe("a model's prices page, in Bangla", () => {
  beforeEach(async () => {
    localStorage.clear();
    await Promise.all((['catalog', 'common'] as const).map((ns) => loadCatalog('bn', ns)));
    i18n.activate('bn', [intlLocale.bn]);
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  it('says it in Bangla words and digits, with the model’s Bangla name', async () => {
    show(prices);
    expect(await screen.findByRole('heading', { level: 1, name: 'পুরোনো Apple iPhone 13-এর দাম' })).toBeInTheDocument();
    expect(screen.getByText('আইফোন ১৩')).toBeInTheDocument();
    expect(screen.getByText('৭টি বিক্রি')).toBeInTheDocument();
    expect(screen.getByText('মাঝের অর্ধেক: ৳৫২,০০০–৳৫৮,০০০')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'এখন বিক্রির জন্য ৩টি দেখুন' })).toBeInTheDocument();
  });
});

describe("the chart's price lines", () => {
  it('are round steps around the prices, about four; one price gets a line below and above it', () => {
    expect(priceTicks(52_000, 58_000)).toEqual({ from: 52_000, to: 58_000, ticks: [52_000, 54_000, 56_000, 58_000] });
    expect(priceTicks(50_000, 50_000)).toEqual({ from: 49_000, to: 51_000, ticks: [49_000, 49_500, 50_000, 50_500, 51_000] });
    expect(priceTicks(300, 900).from).toBe(0);
  });
});
