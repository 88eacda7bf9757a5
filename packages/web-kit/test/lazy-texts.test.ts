import { describe, expect, it, vi } from 'vitest';
import { initI18n, loadLanguage, registerResources } from '../src/i18n';

describe('texts of another language, loaded when needed', () => {
  it('loads a namespace’s English table only when English is asked for', async () => {
    const i18n = initI18n({
      namespace: 'shell',
      resources: { nl: { hi: 'hallo' }, en: { hi: 'hello' } },
      search: '',
    });
    const load = vi.fn(async () => ({ default: { title: 'School' } }));
    registerResources('remote', { nl: { title: 'School (nl)' }, en: load });
    expect(load).not.toHaveBeenCalled();
    expect(i18n.t('remote:title')).toBe('School (nl)');

    await loadLanguage(i18n, 'en');
    await i18n.changeLanguage('en');
    expect(load).toHaveBeenCalledTimes(1);
    expect(i18n.t('remote:title')).toBe('School');
    expect(i18n.t('hi')).toBe('hello');

    await loadLanguage(i18n, 'en');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading at once when the page is already in English', async () => {
    const i18n = initI18n({ namespace: 'shell', resources: { nl: {}, en: {} }, search: '?lng=en' });
    let resolve!: (table: { title: string }) => void;
    const load = vi.fn(() => new Promise<{ title: string }>((r) => (resolve = r)));
    registerResources('remote', { nl: { title: 'School (nl)' }, en: load });
    expect(load).toHaveBeenCalledTimes(1);
    resolve({ title: 'School' });
    await loadLanguage(i18n, 'en');
    expect(i18n.t('remote:title')).toBe('School');
  });

  it('falls back to Dutch when loading fails, and tries again on the next switch', async () => {
    const i18n = initI18n({ namespace: 'shell', resources: { nl: {}, en: {} }, search: '' });
    const load = vi
      .fn<() => Promise<{ title: string }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ title: 'School' });
    registerResources('remote', { nl: { title: 'School (nl)' }, en: load });
    await expect(loadLanguage(i18n, 'en')).rejects.toThrow('offline');
    await i18n.changeLanguage('en');
    expect(i18n.t('remote:title')).toBe('School (nl)');
    await loadLanguage(i18n, 'en');
    expect(i18n.t('remote:title')).toBe('School');
  });
});
