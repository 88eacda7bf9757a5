import { describe, expect, it } from 'vitest';
import { DEFAULT_ORGANISATION, organisationFrom } from '../src/api/app-config';

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
