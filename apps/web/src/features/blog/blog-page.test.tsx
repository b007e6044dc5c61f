import { i18n } from '@lingui/core';
import { intlLocale } from '@market/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../lib/i18n.ts';
import { BlogPage } from './blog-page.tsx';

describe('the blog page', () => {
  afterEach(() => i18n.activate('en', [intlLocale.en]));

  it("asks the spec's four questions in English, each with its answer", () => {
    render(<BlogPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Questions and Answers' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'What are the different ways to manage state in a React application?',
      'How does prototypal inheritance work?',
      'What is a unit test? Why should we write unit tests?',
      'React vs. Angular vs. Vue?',
    ]);
    expect(screen.getByText(/^Every JavaScript object has an internal link, \[\[Prototype\]\], to another object or null\./)).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => a.querySelectorAll('p').length)).toEqual([4, 3, 3, 3]);
  });

  it('says it all in Bangla', async () => {
    await loadCatalog('bn', 'blog');
    i18n.activate('bn', [intlLocale.bn]);
    render(<BlogPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'প্রশ্ন ও উত্তর' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'ইউনিট টেস্ট কী? কেন আমাদের ইউনিট টেস্ট লেখা উচিত?' })).toBeInTheDocument();
    expect(screen.getByText(/^React হলো JSX-এ লেখা কম্পোনেন্ট দিয়ে/)).toBeInTheDocument();
    expect(screen.queryByText(/Questions and Answers|Unit tests catch bugs/)).toBeNull();
  });
});
