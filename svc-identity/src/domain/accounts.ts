import {
  AUDIT_ACTIONS,
  EVENT_TYPES,
  RESET_TOKEN_TTL_MS,
  SETUP_TOKEN_TTL_MS,
  staffLang,
  type AdminUserInput,
  type Lang,
  type LoginInput,
  type PublicUser,
  type SecretLinkEvent,
  type SessionOwnerAnswer,
  type TotpEnrolment,
} from '@nsa/contracts';
import {
  sealLink,
  AppError,
  SYSTEM_ACTOR,
  auditChanges,
  recordAudit,
  recordAudits,
  sessionActor,
  type Logger,
  type Metrics,
  type NewAuditEntry,
  newSessionId,
  type Outbox,
  type PublicAddress,
  sessionIdHash,
  type SessionUser,
  type Transaction,
  type Transactor,
} from '@nsa/service-kit';
import type {
  LoginFailureRepository,
  LoginTallyRepository,
  TallyReason,
} from '../data-access/login-failures.js';
import type { ResetRequestRepository } from '../data-access/reset-requests.js';
import type { PasswordTokenRepository, TokenPurpose } from '../data-access/password-tokens.js';
import type { SessionRepository } from '../data-access/sessions.js';
import type { UserRepository, UserRow } from '../data-access/users.js';

export type { UserRow };
import { toPublic } from './public-user.js';
import { MSG } from './messages.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { emailKey, newSecretToken, sha256 } from './tokens.js';
import type { TwoStepLogin } from './two-step-login.js';

/** The settings the use cases read, from the service's configuration. */
export interface AccountsSettings {
  /** LOGIN_RATE_LIMIT: attempts per email and per client address in the window; 0: no limit. */
  loginRateLimit: number;
  /** SESSION_SECRET: the key of the email hashes the limits count by. */
  sessionSecret: string;
  /** LINK_SEAL_SECRET: seals the links svc-notify emails, so that only it can open them. */
  linkSealSecret: string;
}

export interface AccountsDeps {
  db: Transactor;
  outbox: Outbox;
  logger: Logger;
  /** Counts the passwords hashed (R-OPS-METRICS); the command-line tool has none. */
  metrics?: Metrics;
  users: UserRepository;
  tokens: PasswordTokenRepository;
  failures: LoginFailureRepository;
  tallies: LoginTallyRepository;
  resets: ResetRequestRepository;
  sessions: SessionRepository;
  twoStep: TwoStepLogin;
  settings: AccountsSettings;
  /** Where the account's organisation's pages are: the setup and reset links' origin. */
  address: Pick<PublicAddress, 'current'>;
}

/** Fields of a user an audit entry shows: the role by value, name and email by name only. */
const USER_FIELDS = ['role'] as const;
const USER_PERSONAL = ['name', 'email'] as const;
const userActor = (u: UserRow): NewAuditEntry['actor'] => ({
  type: u.role === 'admin' ? 'admin' : 'provider',
  id: String(u.id),
  name: u.name,
});
const userTarget = (id: number | null) => ({ type: 'user', id: id === null ? null : String(id) });

const isUniqueViolation = (err: unknown) =>
  (err as { parent?: { code?: string } })?.parent?.code === '23505';

/** The use cases of administrators and their passwords. */
export class Accounts {
  constructor(private readonly deps: AccountsDeps) {}

  /** A user by id as they are now (the enrolment that logs them in starts their session). */
  async byId(uid: number): Promise<UserRow | undefined> {
    return this.deps.users.byId(uid);
  }

  /** The logged-in user as they are now; undefined once deleted. */
  async me(uid: number): Promise<PublicUser | undefined> {
    const user = await this.deps.users.byId(uid);
    return user && toPublic(user);
  }

  async hasUsers(): Promise<boolean> {
    return (await this.deps.users.count()) > 0;
  }

  async emailTaken(email: string): Promise<boolean> {
    return (await this.deps.users.byEmail(email)) !== undefined;
  }

  async list(): Promise<PublicUser[]> {
    return (await this.deps.users.list()).map(toPublic);
  }

  /** A new session for a user who has just logged in; its id goes into the cookie. */
  async startSession(user: UserRow): Promise<string> {
    const sid = newSessionId();
    await this.deps.sessions.insert(user.id, sessionIdHash(sid));
    return sid;
  }

  /** Logout: the session ends for every copy of its cookie (R-FRESH-SESSION). */
  async endSession(sid: string): Promise<void> {
    await this.deps.sessions.end(sessionIdHash(sid));
  }

  /**
   * R-FRESH-SESSION: the users of sessions that still hold, one entry per id hash, in order
   * (what every other service asks about a session).
   */
  sessionOwners(idHashes: string[]): Promise<Array<SessionOwnerAnswer | null>> {
    return this.deps.sessions.lookup(idHashes);
  }

  /**
   * Takes an attempt under the brute-force limits first (R-LOGIN-LIMIT: counted and recorded
   * before the slow password check, so parallel attempts cannot pass it), then checks the
   * password and, for an account with two-step login, the code (R-TOTP); a right one gives its
   * attempt back. A right password without a needed code gives its attempt back too and answers
   * TOTP_REQUIRED; where two-step login is required and not yet set up, the answer is an
   * enrolment instead of a session.
   */
  async login(
    input: LoginInput,
    clientIp: string,
  ): Promise<{ user: UserRow } | { enrolment: TotpEnrolment }> {
    const { email, password } = input;
    const limit = this.deps.settings.loginRateLimit;
    const key = emailKey(this.deps.settings.sessionSecret, email);
    let attempt: string | undefined;
    if (limit > 0) {
      const taken = await this.deps.failures.reserve(key, clientIp, limit);
      if ('retryAt' in taken) {
        const retryAfter = Math.max(1, Math.ceil((taken.retryAt.getTime() - Date.now()) / 1000));
        await this.tally('rate-limited');
        throw new AppError('RATE_LIMITED', 429, undefined, undefined, {
          'Retry-After': String(retryAfter),
        });
      }
      attempt = taken.id;
    }
    const user = await this.deps.users.byEmail(email);
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user) {
      await this.tally('unknown-account');
      throw AppError.unauthenticated(MSG.badCredentials);
    }
    if (!ok) {
      // R-AUDIT-LOGIN: whoever tried is unknown (not the account's owner, who may be the one
      // attacked); the account by id as the target; never the email or password.
      await this.audit({
        actor: { type: 'admin', id: null, name: null },
        action: AUDIT_ACTIONS.loginFailed,
        target: userTarget(user.id),
        reason: 'wrong-password',
      });
      throw AppError.unauthenticated(MSG.badCredentials);
    }
    const second = await this.deps.twoStep.check(user, input);
    if (second === 'wrong') {
      await this.audit({
        actor: { type: 'admin', id: null, name: null },
        action: AUDIT_ACTIONS.loginFailed,
        target: userTarget(user.id),
        reason: 'wrong-code',
      });
      throw AppError.unauthenticated(MSG.badCode);
    }
    if (attempt !== undefined) await this.deps.failures.release(attempt);
    if (second === 'missing') throw new AppError('TOTP_REQUIRED', 401);
    if (second === 'off' && (await this.deps.twoStep.required())) {
      return { enrolment: await this.deps.twoStep.enrolment(user, true) };
    }
    return { user: await this.loggedIn(user, second === 'recovery') };
  }

  /**
   * R-LOGIN-TALLY: a failed login for an unknown account, or an attempt past the limit, is
   * counted in its hour (anyone can make any number); each hour that is over becomes one
   * `login.failed` entry with its count (R-AUDIT-LOGIN), at the next such count or flush.
   */
  private async tally(reason: TallyReason): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.deps.tallies.count(tx, reason);
      await this.reportTallies(tx);
    });
  }

  /**
   * R-LOGIN-TALLY, on a timer: the counts of hours that are over as audit entries, and the
   * limit's failures that left its window deleted even when no login comes to do it.
   */
  async flushLoginTallies(): Promise<void> {
    await this.deps.db.transaction((tx) => this.reportTallies(tx));
    await this.deps.failures.prune();
  }

  private async reportTallies(tx: Transaction): Promise<void> {
    const closed = await this.deps.tallies.takeClosed(tx);
    if (closed.length === 0) return;
    await recordAudits(
      tx,
      this.deps.outbox,
      'identity',
      closed.map((t) => ({
        actor: { type: 'admin', id: null, name: null },
        action: AUDIT_ACTIONS.loginFailed,
        target: userTarget(null),
        reason: t.reason,
        changes: {
          attempts: { before: null, after: t.attempts },
          hour: { before: null, after: new Date(t.hour).toISOString() },
        },
      })),
    );
  }

  /** R-TOTP: a change of the second step asks for the password again. */
  async confirmPassword(uid: number, password: string): Promise<void> {
    const user = await this.deps.users.byId(uid);
    if (!(await verifyPassword(user?.passwordHash, password)))
      throw AppError.validation({ password: MSG.wrongPassword });
  }

  /** Records a successful login (also the one an enrolment completes). */
  async loggedIn(user: UserRow, byRecoveryCode = false): Promise<UserRow> {
    user.lastLoginAt = (await this.deps.users.touchLogin(user.id)).toISOString();
    await this.audit({
      actor: userActor(user),
      action: AUDIT_ACTIONS.loginSucceeded,
      target: userTarget(user.id),
      ...(byRecoveryCode ? { reason: 'recovery-code' } : {}),
    });
    return user;
  }

  /**
   * Answers the same for known and unknown emails: the caller does not wait
   * for this work, so neither the answer nor its timing tells them apart.
   * R-RESET-LIMIT: at most 3 emails per address and a bounded number of requests per client
   * address in an hour; a request past either is recorded and quietly sends nothing.
   */
  requestReset(email: string, clientIp: string): void {
    const key = emailKey(this.deps.settings.sessionSecret, email);
    setImmediate(() => {
      void this.deps.db
        .transaction(async (tx) => {
          if (!(await this.deps.resets.admit(tx, key, clientIp))) return;
          const user = await this.deps.users.byEmail(email, tx);
          if (!user) return;
          await this.issueLink(tx, user, 'reset');
          await this.audit(
            {
              actor: SYSTEM_ACTOR,
              action: AUDIT_ACTIONS.passwordResetRequested,
              target: userTarget(user.id),
            },
            tx,
          );
        })
        .catch((err: Error) =>
          this.deps.logger.error({ err: err.message }, 'reset request failed'),
        );
    });
  }

  /**
   * R-ACCOUNT-LINKS-END: the token is checked before the new password is hashed (argon2,
   * 19 MiB), so an unknown token costs a look-up only; it is taken once in the transaction that
   * sets the password, which ends the user's other links and sessions too.
   */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const tokenHash = sha256(token);
    if (!(await this.deps.tokens.isLive(tokenHash))) throw AppError.badRequest(MSG.badToken);
    const passwordHash = await this.hash(newPassword);
    await this.deps.db.transaction(async (tx) => {
      const found = await this.deps.tokens.consume(tx, tokenHash);
      if (!found) throw AppError.badRequest(MSG.badToken);
      await this.deps.users.setPassword(tx, found.userId, passwordHash);
      await this.deps.tokens.endAllOf(tx, found.userId);
      // A new password ends every session of the user (R-FRESH-SESSION).
      await this.deps.sessions.endAllOf(tx, found.userId);
      const user = await this.deps.users.byId(found.userId, tx);
      await this.audit(
        {
          actor: user ? userActor(user) : { type: 'admin', id: String(found.userId), name: null },
          action: AUDIT_ACTIONS.passwordSet,
          target: userTarget(found.userId),
        },
        tx,
      );
    });
  }

  async createUser(actor: SessionUser, input: AdminUserInput, lang: Lang): Promise<PublicUser> {
    try {
      return await this.deps.db.transaction(async (tx) => {
        // R-LANG-EMAIL: the language of the screen the account was made from; the staff side
        // speaks Dutch and English only, so another language reads as Dutch.
        const user = await this.deps.users.insert(tx, {
          ...input,
          passwordHash: null,
          language: staffLang(lang),
        });
        await this.issueLink(tx, user, 'setup');
        await this.audit(
          {
            actor: sessionActor(actor),
            action: AUDIT_ACTIONS.adminCreated,
            target: userTarget(user.id),
            changes: auditChanges({}, user, USER_FIELDS, USER_PERSONAL),
          },
          tx,
        );
        return toPublic(user);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict(MSG.emailTaken);
      throw err;
    }
  }

  async updateUser(actor: SessionUser, id: number, input: AdminUserInput): Promise<PublicUser> {
    try {
      const updated = await this.deps.db.transaction(async (tx) => {
        const admins = await this.deps.users.lockAdmins(tx);
        const current = await this.deps.users.byId(id, tx);
        if (!current) throw AppError.notFound(MSG.userNotFound);
        const roleChanged = current.role !== input.role;
        if (roleChanged && current.role === 'admin' && admins.length <= 1)
          throw AppError.conflict(MSG.lastAdmin);
        // Another role ends the user's sessions in the same transaction (R-FRESH-SESSION).
        if (roleChanged) await this.deps.sessions.endAllOf(tx, id);
        const after = (await this.deps.users.update(tx, id, input))!;
        // R-ACCOUNT-LINKS-END: links sent to the old address end with it; an account that
        // has no password yet gets its welcome at the corrected one.
        if (current.email.toLowerCase() !== after.email.toLowerCase()) {
          await this.deps.tokens.endAllOf(tx, id);
          if (current.passwordHash === null) await this.issueLink(tx, after, 'setup');
        }
        await this.audit(
          {
            actor: sessionActor(actor),
            action: roleChanged ? AUDIT_ACTIONS.adminRoleChanged : AUDIT_ACTIONS.adminUpdated,
            target: userTarget(id),
            changes: auditChanges(current, after, USER_FIELDS, USER_PERSONAL),
          },
          tx,
        );
        return after;
      });
      return toPublic(updated);
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict(MSG.emailTaken);
      throw err;
    }
  }

  async deleteUser(actor: SessionUser, id: number): Promise<void> {
    if (actor.uid === id) throw AppError.conflict(MSG.deleteSelf);
    await this.deps.db.transaction(async (tx) => {
      const admins = await this.deps.users.lockAdmins(tx);
      const current = await this.deps.users.byId(id, tx);
      if (!current) throw AppError.notFound(MSG.userNotFound);
      if (current.role === 'admin' && admins.length <= 1) throw AppError.conflict(MSG.lastAdmin);
      // Its sessions go with it (ON DELETE CASCADE), in the same transaction.
      await this.deps.users.remove(tx, id);
      await this.audit(
        {
          actor: sessionActor(actor),
          action: AUDIT_ACTIONS.adminDeleted,
          target: userTarget(id),
          changes: { role: { before: current.role, after: null } },
        },
        tx,
      );
    });
  }

  /** Creates a user with a password unless one with that email exists (bootstrap and demo). */
  async ensureUser(email: string, name: string, password: string): Promise<boolean> {
    if (await this.deps.users.byEmail(email)) return false;
    const passwordHash = await this.hash(password);
    await this.deps.db.transaction(async (tx) => {
      const user = await this.deps.users.insert(tx, { email, name, role: 'admin', passwordHash });
      await this.audit(
        { actor: SYSTEM_ACTOR, action: AUDIT_ACTIONS.adminCreated, target: userTarget(user.id) },
        tx,
      );
    });
    return true;
  }

  /** Creates an admin without a password and returns the one-time setup link (CLI). */
  async createWithSetupLink(email: string, name: string): Promise<string> {
    return this.deps.db.transaction(async (tx) => {
      const user = await this.newAdmin(tx, email, name);
      return (await this.newToken(tx, user, 'setup')).link;
    });
  }

  /**
   * R-PLATFORM-CREATE: a new organisation's first administrator (the work's organisation),
   * emailed a link to set a password on that organisation's own address.
   */
  async createFirstAdmin(email: string, name: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.issueLink(tx, await this.newAdmin(tx, email, name), 'setup');
    });
  }

  /** An administrator without a password yet, made by the system and audited so. */
  private async newAdmin(tx: Transaction, email: string, name: string): Promise<UserRow> {
    const user = await this.deps.users.insert(tx, {
      email,
      name,
      role: 'admin',
      passwordHash: null,
    });
    await this.audit(
      { actor: SYSTEM_ACTOR, action: AUDIT_ACTIONS.adminCreated, target: userTarget(user.id) },
      tx,
    );
    return user;
  }

  /** R-AUDIT: an entry through the outbox, in `tx` or in a transaction of its own. */
  private async audit(entry: NewAuditEntry, tx?: Transaction): Promise<void> {
    if (tx) await recordAudit(tx, this.deps.outbox, 'identity', entry);
    else await this.deps.db.transaction((t) => recordAudit(t, this.deps.outbox, 'identity', entry));
  }

  /** An argon2id hash of a new password, counted: the costliest thing a request can ask for. */
  private hash(password: string): Promise<string> {
    this.deps.metrics
      ?.counter('nsa_identity_password_hashes_total', 'New passwords hashed (argon2id)')
      .inc();
    return hashPassword(password);
  }

  /** R-ACCOUNT-LINKS-END: a new link ends the user's earlier ones; the last one works. */
  private async newToken(tx: Transaction, user: UserRow, purpose: TokenPurpose) {
    await this.deps.tokens.endAllOf(tx, user.id);
    const token = newSecretToken();
    const ttl = purpose === 'setup' ? SETUP_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
    const expiresAt = new Date(Date.now() + ttl);
    await this.deps.tokens.insert(tx, {
      userId: user.id,
      email: user.email,
      tokenHash: sha256(token),
      purpose,
      expiresAt,
    });
    const link = `${await this.deps.address.current()}/reset-password?token=${token}`;
    return { link, expiresAt, ttl };
  }

  /** A new token whose link travels sealed in an event for svc-notify to email. */
  private async issueLink(tx: Transaction, user: UserRow, purpose: TokenPurpose) {
    const { link, expiresAt, ttl } = await this.newToken(tx, user, purpose);
    const sealedLink = sealLink(link, this.deps.settings.linkSealSecret, ttl);
    await this.deps.outbox.add<SecretLinkEvent>(tx, {
      type: purpose === 'setup' ? EVENT_TYPES.adminCreated : EVENT_TYPES.passwordResetRequested,
      data: {
        userId: user.id,
        email: user.email,
        name: user.name,
        language: user.language,
        sealedLink,
        expiresAt: expiresAt.toISOString(),
      },
    });
  }
}
