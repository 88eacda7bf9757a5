import type { CatalogTexts } from './nl.js';

/** The API messages of svc-catalog in English (R-LANG-API), with the keys of `nl.ts`. */
export const en: CatalogTexts = {
  schoolNotFound: 'School not found.',
  blockNotFound: 'Block not found.',
  providerNotFound: 'Provider not found.',
  noProviderLink: 'This activity has no provider link.',
  schoolHasActivities: 'This school cannot be deleted: activities are still linked to it.',
  blockHasActivities: 'This block cannot be deleted: activities are still linked to it.',
  providerHasActivities: 'This provider cannot be deleted: activities are still linked to it.',
  activityHasSignups: 'This activity cannot be deleted: sign-ups are still linked to it.',
  signupsUnknown: 'Could not check for sign-ups. Please try again later.',
  drawUnavailable: 'The draw cannot be committed right now. Please try again in a few seconds.',
  schoolTokenRequired: "Use your school's direct link.",
  schoolIdRequired: 'Choose a school.',
  unknownReference: 'The chosen school, block or provider does not exist.',
};
