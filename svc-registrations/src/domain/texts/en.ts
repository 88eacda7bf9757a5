import type { RegistrationsTexts } from './nl.js';

/** The API messages of svc-registrations in English (R-LANG-API), with the keys of `nl.ts`. */
export const en: RegistrationsTexts = {
  schoolToken: "Signing up is only possible through your school's direct link.",
  duplicate: 'This child is already signed up for this activity.',
  registrationNotFound: 'Sign-up not found.',
  transition: 'This action is not possible for the current status of the sign-up.',
  providerTokenMissing: 'Activity ID and token are required',
  providerTokenInvalid: 'This link is invalid, revoked or expired.',
  catalogUnavailable:
    'Sign-ups and participant lists are briefly unavailable. Please try again in a few seconds.',
  manageTokenInvalid: 'This link is invalid or no longer works.',
  manageLinkExpired:
    'This link no longer works. The activities of that year are over. To see or erase your data, please contact the organisation.',
  notOffered: 'There is no place on offer for this sign-up.',
  offerExpired:
    'The offer has expired; the place has been offered to the next on the waiting list.',
  signupNotOpen: 'Sign-up for this activity has not opened yet.',
  signupClosed: 'Sign-up for this activity is closed.',
  drawNotFound: 'No draw has been made for this block yet.',
  notLottery: 'This block is not allocated by lottery.',
  drawPublished: 'The draw of this block has already been published.',
  drawBeforeClose: 'The draw can only be made once sign-up has closed.',
  drawNoPreview: 'Make a preview of the draw first.',
  drawChanged: 'The sign-ups have changed since the preview. Make a new preview first.',
  calendarNotApproved: 'A calendar file is only available for an approved sign-up.',
  attendanceDateOutside: 'This activity has no session on this date.',
  attendanceKeyUnknown: 'This child is not (or no longer) on the participant list.',
  idempotencyKeyInvalid: 'Use 1 to 255 visible ASCII characters.',
  retentionRunning: 'A retention run is already under way. Try again in a moment.',
  privacyServiceUnavailable:
    'Not every service answered, so the export would be incomplete. Please try again in a few seconds.',
};
