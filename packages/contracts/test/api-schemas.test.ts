// R-API-DOC: the answer schemas of the API's description (api-schemas.ts) have exactly the
// shapes of the response types the frontends and tests use. A field added to one and not the
// other fails the typecheck here (and these assertions at run time).
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  activityResponse,
  adminAttendanceResponse,
  adminRegistrationPageResponse,
  adminRegistrationResponse,
  adminSummaryResponse,
  attendanceMarkResponse,
  attendanceRatesResponse,
  attendanceResponse,
  blockResponse,
  bulkResponse,
  drawResponse,
  generatedProviderLinkResponse,
  mySignupResponse,
  participantsResponse,
  productHealthResponse,
  providerLinkStatusResponse,
  providerResponse,
  publicUserResponse,
  registrationCreatedResponse,
  registrationRecordResponse,
  schoolQrResponse,
  schoolResponse,
  schoolSummaryResponse,
  waitlistResponse,
  type ActivityView,
  type AdminAttendanceResponse,
  type AdminRegistration,
  type AdminSummary,
  type AttendanceMarkResponse,
  type AttendanceRatesResponse,
  type AttendanceResponse,
  type Block,
  type BulkResponse,
  type DrawView,
  type GeneratedProviderLink,
  type MySignup,
  type Paged,
  type ParticipantsResponse,
  type ProductHealth,
  type Provider,
  type ProviderLinkStatus,
  type PublicUser,
  type RegistrationCreated,
  type RegistrationRecord,
  type School,
  type SchoolQr,
  type SchoolSummary,
  type WaitlistResponse,
} from '../src/index.js';

type Out<S extends z.ZodType> = z.output<S>;

describe('the answer schemas of the API description', () => {
  it('have the shapes of the catalog’s response types', () => {
    expectTypeOf<Out<typeof schoolResponse>>().toEqualTypeOf<School>();
    expectTypeOf<Out<typeof schoolSummaryResponse>>().toEqualTypeOf<SchoolSummary>();
    expectTypeOf<Out<typeof schoolQrResponse>>().toEqualTypeOf<SchoolQr>();
    // `year` is optional in the type and always sent: the schema may say more, never less.
    expectTypeOf<Out<typeof blockResponse>>().toExtend<Block>();
    expectTypeOf<Out<typeof providerResponse>>().toEqualTypeOf<Provider>();
    expectTypeOf<Out<typeof activityResponse>>().toExtend<ActivityView>();
    expectTypeOf<Out<typeof providerLinkStatusResponse>>().toEqualTypeOf<ProviderLinkStatus>();
    expectTypeOf<
      Out<typeof generatedProviderLinkResponse>
    >().toEqualTypeOf<GeneratedProviderLink>();
  });

  it('have the shapes of identity’s and the health’s response types', () => {
    expectTypeOf<Out<typeof publicUserResponse>>().toEqualTypeOf<PublicUser>();
    expectTypeOf<Out<typeof productHealthResponse>>().toEqualTypeOf<ProductHealth>();
  });

  it('have the shapes of the registrations’ response types', () => {
    expectTypeOf<Out<typeof registrationCreatedResponse>>().toEqualTypeOf<RegistrationCreated>();
    expectTypeOf<Out<typeof registrationRecordResponse>>().toEqualTypeOf<RegistrationRecord>();
    // The sign-up views' block has no year (optional in BlockRef).
    expectTypeOf<Out<typeof adminRegistrationResponse>>().toExtend<AdminRegistration>();
    expectTypeOf<Out<typeof adminRegistrationPageResponse>>().toExtend<Paged<AdminRegistration>>();
    expectTypeOf<Out<typeof bulkResponse>>().toEqualTypeOf<BulkResponse>();
    expectTypeOf<Out<typeof adminSummaryResponse>>().toExtend<AdminSummary>();
    expectTypeOf<AdminSummary>().toExtend<Out<typeof adminSummaryResponse>>();
    expectTypeOf<Out<typeof waitlistResponse>>().toExtend<WaitlistResponse>();
    expectTypeOf<Out<typeof drawResponse>>().toEqualTypeOf<DrawView>();
    expectTypeOf<Out<typeof mySignupResponse>>().toEqualTypeOf<MySignup>();
    expectTypeOf<Out<typeof participantsResponse>>().toEqualTypeOf<ParticipantsResponse>();
    expectTypeOf<Out<typeof attendanceResponse>>().toEqualTypeOf<AttendanceResponse>();
    expectTypeOf<Out<typeof attendanceMarkResponse>>().toEqualTypeOf<AttendanceMarkResponse>();
    expectTypeOf<Out<typeof adminAttendanceResponse>>().toEqualTypeOf<AdminAttendanceResponse>();
    expectTypeOf<Out<typeof attendanceRatesResponse>>().toEqualTypeOf<AttendanceRatesResponse>();
  });
});
