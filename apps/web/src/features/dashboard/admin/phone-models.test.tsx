import type { PhoneModel, UnlistedModel } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import PhoneModels from './phone-models.tsx';
import { cellsOf, headers } from './test-fixtures.ts';
import { variantsOf } from './model-dialogs.tsx';

const samsung = { _id: '5f0c1f55-7c1a-4b55-9a0e-1d7f1b8c2a12', category: 'Samsung' };
const s23: PhoneModel = {
  _id: '0e7c3a52-1b9d-4f6e-8a2c-5d4b3c2a1f01',
  brand: samsung,
  name: 'Galaxy S23',
  nameBn: 'গ্যালাক্সি এস২৩',
  aliases: ['S23'],
  variants: [{ ramGb: 8, storageGb: 128 }],
  year: 2023,
  slug: 'galaxy-s23',
};
const typed: UnlistedModel = { brand: samsung, name: 'Galaxy S26 Edge', listings: 3, firstSeen: '2026-11-28T10:00:00.000Z' };
const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });

function api() {
  return fakeApi(({ method, path }: Call) => {
    if (path === '/api/admin/unlisted-models') return ok([typed]);
    if (path === '/api/phone-models') return ok([s23]);
    if (path === '/api/category') return ok([{ ...samsung, categoryLogo: '' }]);
    if (method === 'POST' && path === '/api/admin/phone-models') return ok({ ...s23, _id: 'new', name: 'Galaxy S26 Edge' }, 201);
    if (method === 'POST' && path === `/api/admin/phone-models/${s23._id}/aliases`) return ok({ ...s23, aliases: ['S23', 'Galaxy S26 Edge'] });
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}
/** Typed at once (pasted): a long Bangla name typed key by key is slow on a busy machine, and tests nothing more. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('the model catalogue (issue 34)', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists what sellers typed as not in the list, and adds one as a model with its Bangla name, other names and variants', async () => {
    const calls = api();
    renderAt('/dashboard/phone-models', <PhoneModels />);
    const table = await screen.findByRole('table', { name: 'Not in the list' });
    expect(headers(table)).toEqual(['Brand', 'Name typed', 'Listings', 'First seen', 'Add it']);
    expect(
      cellsOf(table, 0)
        .slice(0, 3)
        .map((c) => c.textContent),
    ).toEqual(['Samsung', 'Galaxy S26 Edge', '3']);
    await userEvent.click(within(table).getByRole('button', { name: 'Add as a model' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a model' });
    expect(within(dialog).getByLabelText('Brand')).toHaveValue(samsung._id);
    expect(within(dialog).getByLabelText('Name (without the brand)')).toHaveValue('Galaxy S26 Edge');
    // Nothing is sent while a part is missing or a variant does not read.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add the model' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name in Bangla is required');
    await fill(within(dialog).getByLabelText('Name in Bangla'), 'গ্যালাক্সি এস২৬ এজ');
    await fill(within(dialog).getByLabelText('Other names people type'), 'S26 Edge, S26E');
    await fill(within(dialog).getByLabelText('Variants (RAM/storage in GB)'), '12/256, 12 GB');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add the model' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write each variant as RAM/storage in GB');
    expect(posts(calls)).toEqual([]);
    await fill(within(dialog).getByLabelText('Variants (RAM/storage in GB)'), '12/256, 12/512');
    await fill(within(dialog).getByLabelText('Year (optional)'), '2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add the model' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({
      categoryId: samsung._id,
      name: 'Galaxy S26 Edge',
      nameBn: 'গ্যালাক্সি এস২৬ এজ',
      aliases: ['S26 Edge', 'S26E'],
      variants: [
        { ramGb: 12, storageGb: 256 },
        { ramGb: 12, storageGb: 512 },
      ],
      year: 2025,
    });
    // Added: the dialog closes (a toast says so).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds what was typed as another name of a model of its brand', async () => {
    const calls = api();
    renderAt('/dashboard/phone-models', <PhoneModels />);
    const table = await screen.findByRole('table', { name: 'Not in the list' });
    await userEvent.click(within(table).getByRole('button', { name: 'Another name of…' }));
    const dialog = screen.getByRole('dialog', { name: 'Add “Galaxy S26 Edge” as another name' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Model'), 'Galaxy S23');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add the name' }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([{ method: 'POST', path: `/api/admin/phone-models/${s23._id}/aliases`, body: { alias: 'Galaxy S26 Edge' } }]),
    );
  });

  it('searches the catalogue as the listing form does', async () => {
    api();
    renderAt('/dashboard/phone-models', <PhoneModels />);
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search the catalogue' }), 'এস২৩');
    const table = await screen.findByRole('table', { name: 'Search the catalogue' });
    expect(cellsOf(table, 0).map((c) => c.textContent)).toEqual(['Samsung', 'Galaxy S23 গ্যালাক্সি এস২৩', 'S23', '8/128 GB']);
  });

  it('reads variants as RAM/storage pairs', () => {
    expect(variantsOf('8/128, 12/256')).toEqual([
      { ramGb: 8, storageGb: 128 },
      { ramGb: 12, storageGb: 256 },
    ]);
    expect(variantsOf('8 / 128')).toEqual([{ ramGb: 8, storageGb: 128 }]);
    expect(variantsOf('8/128, 256')).toBeNull();
    expect(variantsOf('')).toBeNull();
  });
});
