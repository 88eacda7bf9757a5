import { describe, expect, it } from 'vitest';
import { DEFAULT_ORGANISATION, loadOrganisation, organisationFrom } from '../src/api/app-config';

describe('organisationFrom', () => {
  it('takes the organisation of /app-config.json', () => {
    const organisation = {
      name: 'Welzijn Elders',
      contactEmail: 'hallo@elders.example',
      website: 'https://elders.example',
      privacyUrl: 'https://elders.example/privacy',
    };
    expect(organisationFrom({ organisation })).toEqual(organisation);
  });

  it('falls back to the defaults', () => {
    expect(organisationFrom(null)).toEqual(DEFAULT_ORGANISATION);
    expect(organisationFrom({})).toEqual(DEFAULT_ORGANISATION);
    expect(organisationFrom({ organisation: { name: '' } })).toEqual(DEFAULT_ORGANISATION);
  });

  it('refuses links that are not web links', () => {
    expect(
      organisationFrom({
        organisation: { name: 'X', website: 'javascript:alert(1)', privacyUrl: 'data:text/html,x' },
      }),
    ).toEqual({ ...DEFAULT_ORGANISATION, name: 'X' });
  });
});

describe('loadOrganisation (R-ORG-PAGES)', () => {
  const answer = (body: unknown, ok = true) => Promise.resolve({ ok, json: async () => body });
  const tweede = {
    name: 'Welzijn Tweede',
    contactEmail: 'info@tweede.example',
    website: 'https://tweede.example',
    privacyUrl: 'https://tweede.example/privacy',
  };
  const deployment = { ...tweede, name: 'Welzijn Eerste' };

  it("takes svc-identity's answer for the page's host before the deployment's file", async () => {
    const asked: string[] = [];
    const got = await loadOrganisation((url) => {
      asked.push(url);
      return answer({ organisation: url === '/api/app-config' ? tweede : deployment });
    });
    expect(got).toEqual(tweede);
    expect(asked).toEqual(['/api/app-config']);
  });

  it("takes the deployment's file when svc-identity does not answer, and the defaults when neither does", async () => {
    const file = await loadOrganisation((url) =>
      url === '/api/app-config' ? answer(null, false) : answer({ organisation: deployment }),
    );
    expect(file).toEqual(deployment);
    const none = await loadOrganisation(() => Promise.reject(new Error('offline')));
    expect(none).toEqual(DEFAULT_ORGANISATION);
  });
});
