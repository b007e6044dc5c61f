import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { namespaces } from '@market/contract/locales/types.ts';
import { i18n } from '@lingui/core';
import { intlLocale } from '@market/contract';
import { loadCatalog } from './lib/i18n.ts';

afterEach(() => cleanup());

// The full run keeps this suite beside Chromium at a lower priority (scripts/test.ts): a findBy waits for its
// element up to 5 s there instead of 1 s. It is a deadline, not a pause: an element that comes returns at once.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has <dialog> but not its modal methods: open and close it as a browser would (without the top layer).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// Every catalog in English, as a page has them once its screens have rendered (the spec's texts are the English ones).
await Promise.all(namespaces.map((ns) => loadCatalog('en', ns)));
i18n.activate('en', [intlLocale.en]);
