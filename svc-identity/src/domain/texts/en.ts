import type { IdentityTexts } from './nl.js';

/** The API messages of svc-identity in English (R-LANG-API), with the keys of `nl.ts`. */
export const en: IdentityTexts = {
  badCredentials: 'Invalid email or password.',
  badToken: 'The link is invalid or has expired.',
  emailTaken: 'This email address is already in use.',
  deleteSelf: 'You cannot delete your own account.',
  lastAdmin: 'The last administrator cannot be deleted or demoted.',
  userNotFound: 'User not found.',
  badCode: 'Wrong or already used code.',
  enrolmentExpired: 'Setting up has expired. Please start again.',
  totpAlreadyOn: 'Two-step verification is already on.',
  totpNotOn: 'Two-step verification is not on.',
  totpMandatory: 'Two-step verification is required and cannot be turned off.',
  wrongPassword: 'Wrong password.',
  organisationFromDeployment:
    "This organisation's details come from the installation's settings (ORG_NAME, ORG_CONTACT_EMAIL, ORG_WEBSITE, ORG_PRIVACY_URL) and are changed there.",
  organisationIsDeployment:
    "Organisation 1 is this installation's own organisation: it is not changed, suspended or deleted here.",
  organisationNotFound: 'Organisation not found.',
  organisationTaken: 'This short name or host name already belongs to another organisation.',
  suspendBeforeDelete:
    'Suspend the organisation first; only a suspended organisation can be deleted.',
  organisationBeingDeleted: 'This organisation is being deleted and can no longer be changed.',
  eraseIncomplete:
    'Not every service answered; the organisation stays marked as "being deleted". Try again.',
};
