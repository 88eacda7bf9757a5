import type { Localized } from '@nsa/contracts';

export const MSG = {
  badCredentials: { nl: 'Onjuist e-mailadres of wachtwoord.', en: 'Invalid email or password.' },
  badToken: { nl: 'De link is ongeldig of verlopen.', en: 'The link is invalid or has expired.' },
  emailTaken: {
    nl: 'Dit e-mailadres is al in gebruik.',
    en: 'This email address is already in use.',
  },
  deleteSelf: {
    nl: 'U kunt uw eigen account niet verwijderen.',
    en: 'You cannot delete your own account.',
  },
  lastAdmin: {
    nl: 'De laatste beheerder kan niet worden verwijderd of gewijzigd.',
    en: 'The last administrator cannot be deleted or demoted.',
  },
  userNotFound: { nl: 'Gebruiker niet gevonden.', en: 'User not found.' },
} satisfies Record<string, Localized>;
