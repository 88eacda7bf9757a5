import { describe, expect, it } from 'vitest';
import { parseRegistry } from '../src/remotes/parse-registry';

const REGISTRY_URL = 'https://example.test/mfe-registry.json';

describe('parseRegistry', () => {
  it('resolves manifest URLs against the registry URL', () => {
    expect(
      parseRegistry(
        {
          mfe_public: '/mfe/public/1.2.3/mf-manifest.json',
          mfe_admin: 'https://cdn.test/admin/mf-manifest.json',
        },
        REGISTRY_URL,
      ),
    ).toEqual({
      mfe_public: 'https://example.test/mfe/public/1.2.3/mf-manifest.json',
      mfe_admin: 'https://cdn.test/admin/mf-manifest.json',
    });
  });

  it('ignores names the shell does not route to', () => {
    expect(parseRegistry({ mfe_other: '/x.json' }, REGISTRY_URL)).toEqual({});
  });

  it('rejects a registry that is not an object of URLs', () => {
    expect(() => parseRegistry([], REGISTRY_URL)).toThrow();
    expect(() => parseRegistry({ mfe_public: 42 }, REGISTRY_URL)).toThrow(/mfe_public/);
    expect(() => parseRegistry({ mfe_public: '' }, REGISTRY_URL)).toThrow(/mfe_public/);
  });
});
