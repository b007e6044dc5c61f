import type { Category, PhoneModel, UnlistedModel } from '@market/contract';
import { useId, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { useModal } from '../../../components/use-modal.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useT } from '../../../lib/i18n.ts';
import { useAddModelAliasMutation, useAddPhoneModelMutation } from './models-api.ts';

/** "8/128, 12/256" as variants, or null when a part does not read as RAM/storage. */
export function variantsOf(text: string) {
  const parts = text
    .split(/[,،]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const variants = parts.map((p) => /^(\d{1,2})\s*\/\s*(\d{1,4})$/.exec(p)).map((m) => (m ? { ramGb: Number(m[1]), storageGb: Number(m[2]) } : null));
  return variants.length && variants.every(Boolean) ? (variants as { ramGb: number; storageGb: number }[]) : null;
}

const names = (text: string) =>
  text
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/** An Admin's new model: its brand, name, Bangla name, other names, variants and year (a typed name fills the form). */
export function NewModelDialog({ from, categories, onClose }: { from: UnlistedModel | 'blank' | null; categories: Category[]; onClose(): void }) {
  const ref = useModal(from !== null);
  return (
    <dialog ref={ref} className="modal" onCancel={onClose} aria-labelledby="new-model-title">
      {from !== null && (
        <NewModelForm key={from === 'blank' ? 'blank' : `${from.brand._id}:${from.name}`} from={from} categories={categories} onClose={onClose} />
      )}
    </dialog>
  );
}

function NewModelForm({ from, categories, onClose }: { from: UnlistedModel | 'blank'; categories: Category[]; onClose(): void }) {
  const t = useT('admin');
  const id = useId();
  const [add, { isLoading }] = useAddPhoneModelMutation();
  const typed = from === 'blank' ? null : from;
  const [form, setForm] = useState({ categoryId: typed?.brand._id ?? '', name: typed?.name ?? '', nameBn: '', aliases: '', variants: '', year: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const submit = async () => {
    const variants = variantsOf(form.variants);
    const missing = !form.categoryId ? t('models.brand') : !form.name.trim() ? t('models.name') : !form.nameBn.trim() ? t('models.nameBn') : null;
    if (missing) return setProblem(t('models.required', { label: missing }));
    if (!variants) return setProblem(t('models.variantsInvalid'));
    setProblem(null);
    try {
      const model = await add({
        categoryId: form.categoryId,
        name: form.name.trim(),
        nameBn: form.nameBn.trim(),
        aliases: names(form.aliases),
        variants,
        ...(form.year.trim() ? { year: Number(form.year) } : {}),
      }).unwrap();
      notify.success(t('models.added', { name: model.name }));
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, t('models.failed')));
    }
  };
  const field = (key: keyof typeof form, label: string, hint?: string, inputMode?: 'numeric') => (
    <div className="form-control block">
      <label className="block">
        <span className="label-text">{label}</span>
        <input
          className="input input-bordered w-full"
          value={form[key]}
          onChange={set(key)}
          inputMode={inputMode}
          aria-describedby={hint ? `${id}-${key}` : undefined}
        />
      </label>
      {hint && (
        <p id={`${id}-${key}`} className="text-sm text-base-content/75">
          {hint}
        </p>
      )}
    </div>
  );
  return (
    <div className="modal-box">
      <h2 id="new-model-title" className="text-xl font-semibold">
        {t('models.addModel')}
      </h2>
      {typed && <p className="py-2">{t('models.fromTyped', { name: typed.name, count: typed.listings })}</p>}
      <div className="mt-2 grid gap-3">
        <label className="form-control block">
          <span className="label-text">{t('models.brand')}</span>
          <select className="select select-bordered w-full" value={form.categoryId} onChange={set('categoryId')}>
            <option value="">{t('models.chooseBrand')}</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.category}
              </option>
            ))}
          </select>
        </label>
        {field('name', t('models.name'))}
        {field('nameBn', t('models.nameBn'))}
        {field('aliases', t('models.aliases'), t('models.aliasesHint'))}
        {field('variants', t('models.variants'), t('models.variantsHint'))}
        {field('year', t('models.year'), undefined, 'numeric')}
      </div>
      {problem && (
        <p role="alert" className="mt-3 text-error">
          {problem}
        </p>
      )}
      <DialogActions label={t('models.add')} busy={isLoading} onConfirm={() => void submit()} onCancel={onClose} />
    </div>
  );
}

/** A typed name made another name of one of its brand's models: the listings that name it become that model's. */
export function AliasDialog({ from, models, onClose }: { from: UnlistedModel | null; models: PhoneModel[]; onClose(): void }) {
  const ref = useModal(from !== null);
  return (
    <dialog ref={ref} className="modal" onCancel={onClose} aria-labelledby="alias-title">
      {from && <AliasForm key={`${from.brand._id}:${from.name}`} from={from} models={models.filter((m) => m.brand._id === from.brand._id)} onClose={onClose} />}
    </dialog>
  );
}

function AliasForm({ from, models, onClose }: { from: UnlistedModel; models: PhoneModel[]; onClose(): void }) {
  const t = useT('admin');
  const [add, { isLoading }] = useAddModelAliasMutation();
  const [modelId, setModelId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    if (!modelId) return setProblem(t('models.required', { label: t('models.model') }));
    try {
      const model = await add({ id: modelId, body: { alias: from.name } }).unwrap();
      notify.success(t('models.aliasAdded', { alias: from.name, name: model.name }));
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, t('models.failed')));
    }
  };
  return (
    <div className="modal-box">
      <h2 id="alias-title" className="text-xl font-semibold">
        {t('models.aliasTitle', { name: from.name })}
      </h2>
      <p className="py-2">{t('models.aliasText', { name: from.name, brand: from.brand.category })}</p>
      <label className="form-control block">
        <span className="label-text">{t('models.model')}</span>
        <select className="select select-bordered w-full" value={modelId} onChange={(e) => setModelId(e.target.value)}>
          <option value="">{t('models.chooseModel')}</option>
          {models.map((m) => (
            <option key={m._id} value={m._id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      {problem && (
        <p role="alert" className="mt-3 text-error">
          {problem}
        </p>
      )}
      <DialogActions label={t('models.addAlias')} busy={isLoading} onConfirm={() => void submit()} onCancel={onClose} />
    </div>
  );
}
