import { describe, expect, it } from 'vitest';
import { readSearch, writeSearch } from './search-params.ts';

const id = '6f1c2a9e-0b1d-4c8e-9a55-3b1f7d2e4a10';

describe('the search in the URL', () => {
  it('reads every filter, repeated ones as lists, and writes them back the same', () => {
    const params = new URLSearchParams(
      `q=galaxy&category=${id}&condition=Good&condition=Fair&minPrice=10000&maxPrice=50000&location=Dhaka&verified=true&sort=price_asc`,
    );
    const args = readSearch(params);
    expect(args).toEqual({
      q: 'galaxy',
      category: [id],
      condition: ['Good', 'Fair'],
      minPrice: 10000,
      maxPrice: 50000,
      location: 'Dhaka',
      verified: 'true',
      sort: 'price_asc',
    });
    expect(readSearch(writeSearch(args))).toEqual(args);
  });

  it('drops what the API would refuse (a shared link never shows an error page)', () => {
    expect(readSearch(new URLSearchParams('category=apple&condition=Mint&minPrice=-5&maxPrice=cheap&sort=cheapest&verified=yes'))).toEqual({});
    expect(readSearch(new URLSearchParams('minPrice=50000&maxPrice=10000'))).toEqual({ minPrice: 50000 });
  });

  it('reads storage sizes (any of them) and a lowest battery health, and writes them back the same', () => {
    const args = readSearch(new URLSearchParams('storage=256&storage=128&minBattery=80'));
    expect(args).toEqual({ storage: [128, 256], minBattery: 80 });
    expect(writeSearch(args).toString()).toBe('storage=128&storage=256&minBattery=80');
    expect(readSearch(writeSearch(args))).toEqual(args);
    expect(readSearch(writeSearch({ storage: [1024] }))).toEqual({ storage: [1024] });
  });

  it('drops storage sizes and battery bounds the API would refuse', () => {
    expect(readSearch(new URLSearchParams('storage=100&storage=0x80&storage=&minBattery=0&minBattery=101'))).toEqual({});
    expect(readSearch(new URLSearchParams('minBattery=101'))).toEqual({});
    expect(readSearch(new URLSearchParams('minBattery=8.5'))).toEqual({});
    expect(readSearch(new URLSearchParams('storage=64&storage=64&minBattery=100'))).toEqual({ storage: [64], minBattery: 100 });
  });

  it('reads a division and a district by id, English or Bangla name or older spelling, as ids; drops places that are none', () => {
    expect(readSearch(new URLSearchParams('division=Chittagong&district=কুমিল্লা'))).toEqual({ division: 'chattogram', district: 'cumilla' });
    expect(readSearch(new URLSearchParams('district=Comilla'))).toEqual({ district: 'cumilla' });
    expect(readSearch(new URLSearchParams('division=Gotham&district=nowhere'))).toEqual({});
    expect(writeSearch({ division: 'dhaka', district: 'gazipur' }).toString()).toBe('division=dhaka&district=gazipur');
  });
});
