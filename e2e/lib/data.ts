// Test data through the API: each test makes its own schools, blocks, providers, activities,
// users and sign-ups under unique names, so tests do not depend on each other or on order.
// Every helper takes an APIRequestContext that is logged in as an admin (`loginAsAdmin`)
// unless it says otherwise.
import { expect, type APIRequestContext } from '@playwright/test';
import type {
  ActivityView,
  AdminRegistration,
  Block,
  Paged,
  Provider,
  PublicUser,
  RegistrationCreated,
  RegistrationInput,
  Role,
  School,
} from '@nsa/contracts';
import { passwordLinkFrom, waitForEmail } from './mail.js';
import type { StackFacts } from './settings.js';

let counter = 0;

/**
 * A short suffix (7-8 characters) that no other test of the run uses. Short on purpose: blocks
 * are global, so every block a test makes shows up in every school page's block filter, and
 * long names there make the page wider than a phone (see public.spec.ts).
 */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36).slice(-6)}${counter.toString(36)}`;
}

async function send<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(path, { method, data });
  const body = await res.text();
  expect(res.ok(), `${method} ${path}: ${res.status()} ${body.slice(0, 300)}`).toBe(true);
  return (body ? JSON.parse(body) : undefined) as T;
}

export const apiGet = <T>(request: APIRequestContext, path: string) =>
  send<T>(request, 'GET', path);
export const apiPost = <T>(request: APIRequestContext, path: string, data?: unknown) =>
  send<T>(request, 'POST', path, data ?? {});

export const createSchool = (request: APIRequestContext, name: string) =>
  apiPost<School>(request, '/api/schools', { name });

export const createBlock = (
  request: APIRequestContext,
  block: { name: string; weekStart: number; weekEnd: number },
) => apiPost<Block>(request, '/api/blocks', block);

export const createProvider = (request: APIRequestContext, name: string) =>
  apiPost<Provider>(request, '/api/providers', { name });

export interface ActivityInput {
  title: string;
  capacity?: number;
  weekday?: number;
  startTime?: string;
  schoolId: number;
  blockId: number;
  providerId: number;
  isLocked?: boolean;
  isHidden?: boolean;
}

export const createActivity = (request: APIRequestContext, input: ActivityInput) =>
  apiPost<ActivityView>(request, '/api/activities', {
    capacity: 10,
    weekday: 3,
    startTime: '15:45',
    isLocked: false,
    isHidden: false,
    ...input,
  });

/** ISO week of a date (the weeks blocks are given in). */
function isoWeek(date: Date): number {
  const d = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  const day = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - day + 3); // the Thursday of this week decides the year
  const firstThursday = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  const firstDay = (firstThursday.getUTCDay() + 6) % 7;
  firstThursday.setUTCDate(firstThursday.getUTCDate() - firstDay + 3);
  return 1 + Math.round((d.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
}

export interface Catalog {
  school: School;
  block: Block;
  provider: Provider;
  activities: ActivityView[];
}

/**
 * A school of its own with one block (current and coming weeks, a short name), one provider
 * and the given activities (titles made unique by the caller).
 */
export async function createCatalog(
  request: APIRequestContext,
  tag: string,
  activities: Array<Omit<ActivityInput, 'schoolId' | 'blockId' | 'providerId'>>,
): Promise<Catalog> {
  const school = await createSchool(request, `E2E School ${tag}`);
  const week = Math.min(48, isoWeek(new Date()));
  const block = await createBlock(request, {
    name: `Blok ${unique()}`,
    weekStart: week,
    weekEnd: Math.min(52, week + 4),
  });
  const provider = await createProvider(request, `E2E Aanbieder ${tag}`);
  const created: ActivityView[] = [];
  for (const activity of activities) {
    created.push(
      await createActivity(request, {
        ...activity,
        schoolId: school.id,
        blockId: block.id,
        providerId: provider.id,
      }),
    );
  }
  return { school, block, provider, activities: created };
}

/** A birth date that makes a child `age` years old today. */
export function birthDateForAge(age: number): string {
  const now = new Date();
  return `${now.getFullYear() - age}-01-15`;
}

/**
 * POST /api/registrations with the school's token, as a parent does (no session needed).
 * svc-registrations learns of a new activity through a catalog event, so right after the
 * activity was made the sign-up may answer 404 for a moment: that alone is retried.
 */
export async function signUp(
  request: APIRequestContext,
  schoolToken: string,
  input: RegistrationInput,
): Promise<RegistrationCreated['registration']> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await request.post('/api/registrations', {
      data: input,
      headers: { 'X-School-Token': schoolToken },
    });
    if (res.status() === 404 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    const body = await res.text();
    expect(res.status(), `POST /api/registrations: ${body.slice(0, 300)}`).toBe(201);
    return (JSON.parse(body) as RegistrationCreated).registration;
  }
}

/** GET /api/admin/registrations?activityId= (first page, up to 200). */
export async function registrationsOf(
  request: APIRequestContext,
  activityId: number,
): Promise<AdminRegistration[]> {
  const page = await apiGet<Paged<AdminRegistration>>(
    request,
    `/api/admin/registrations?activityId=${activityId}&limit=200`,
  );
  return page.data;
}

/**
 * POST /api/admin/users, then the welcome email's setup link is used through the API
 * (POST /api/auth/reset) to give the new user `password`. Returns the user.
 */
export async function createUserWithPassword(
  request: APIRequestContext,
  stack: Pick<StackFacts, 'mailWebUrl'>,
  user: { name: string; email: string; role: Role },
  password: string,
): Promise<PublicUser> {
  const created = await apiPost<PublicUser>(request, '/api/admin/users', user);
  const welcome = await waitForEmail(stack, { to: user.email });
  const token = new URL(passwordLinkFrom(welcome)).searchParams.get('token');
  expect(token, 'token in the welcome email').toBeTruthy();
  await apiPost(request, '/api/auth/reset', { token, newPassword: password });
  return created;
}
