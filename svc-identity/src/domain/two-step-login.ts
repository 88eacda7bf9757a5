import QRCode from 'qrcode';
import {
  AUDIT_ACTIONS,
  normaliseRecoveryCode,
  type LoginInput,
  type PublicUser,
  type TotpEnrolment,
} from '@nsa/contracts';
import {
  AppError,
  currentOrganisation,
  recordAudit,
  seal,
  sessionActor,
  unseal,
  type NewAuditEntry,
  type Outbox,
  type PublicAddress,
  type SessionUser,
  type Transaction,
  type Transactor,
} from '@nsa/service-kit';
import type { OrganisationRepository } from '../data-access/organisations.js';
import type { TotpRepository } from '../data-access/totp.js';
import type { UserRow } from '../data-access/users.js';
import { MSG } from './messages.js';
import { sha256 } from './tokens.js';
import { matchStep, newRecoveryCodes, newTotpSecret, totpUri } from './two-step.js';

/** How long an enrolment's QR code can be confirmed. */
const ENROLMENT_TTL_MS = 10 * 60 * 1000;
const TICKET_PURPOSE = 'totp-enrolment';
const SECRET_PURPOSE = 'totp-secret';

/** What an enrolment ticket carries, sealed: whose it is, the secret, and whether a login waits. */
interface Ticket {
  uid: number;
  secret: string;
  login: boolean;
}

export interface TwoStepLoginDeps {
  db: Transactor;
  outbox: Outbox;
  totp: TotpRepository;
  /** IDENTITY_SECRET: the key of tickets and stored secrets. */
  secret: string;
  /**
   * Keys stored secrets may still be sealed with: IDENTITY_SECRET_PREVIOUS while a rotation
   * runs, and SESSION_SECRET, the key before IDENTITY_SECRET existed. Such a secret is still
   * read, and sealed again under IDENTITY_SECRET at once.
   */
  legacySecrets?: readonly string[];
  /**
   * The name authenticator apps show beside the account: its organisation's public host
   * (R-ORG-LINKS).
   */
  address: Pick<PublicAddress, 'host'>;
  /** ADMIN_2FA_REQUIRED: every account of organisation 1 must use two-step login. */
  required: boolean;
  /** Whether a further organisation requires it of its accounts, as stored now (R-ORG-SETTINGS). */
  organisations: Pick<OrganisationRepository, 'twoStepRequired'>;
}

/**
 * R-TOTP: the optional second step of a login. The secret is made at enrolment and travels to
 * its confirmation inside a sealed, short-lived ticket; once confirmed it is stored sealed. Both
 * seals use keys derived from IDENTITY_SECRET, which svc-identity alone holds (R-TOTP-KEY): the
 * session secret every service holds opens neither. A code's 30-second step is remembered, so a
 * code works once; recovery codes are stored as their SHA-256 and each works once.
 */
export class TwoStepLogin {
  constructor(private readonly deps: TwoStepLoginDeps) {}

  /**
   * Whether the work's organisation requires two-step login of every account: the deployment's
   * rule for organisation 1, the organisation's own setting for any other, read at each login
   * (a rule turned on holds for the next login, in any process).
   */
  async required(): Promise<boolean> {
    const id = currentOrganisation() ?? 1;
    if (id === 1) return this.deps.required;
    return this.deps.organisations.twoStepRequired(id);
  }

  /** A new secret for `user`, with its QR code; `login`: the confirmation logs them in. */
  async enrolment(user: UserRow, login: boolean): Promise<TotpEnrolment> {
    const secret = newTotpSecret();
    const ticket = seal(JSON.stringify({ uid: user.id, secret, login } satisfies Ticket), {
      secret: this.deps.secret,
      purpose: TICKET_PURPOSE,
      ttlMs: ENROLMENT_TTL_MS,
    });
    const uri = totpUri(secret, user.email, await this.deps.address.host());
    const qrCodeDataUrl = await QRCode.toDataURL(uri, { margin: 2, width: 240 });
    return { ticket, secret, uri, qrCodeDataUrl };
  }

  /**
   * The second step of a login for `user`: 'off' when the account has none, 'missing' when a
   * code is needed and none came, 'ok' / 'recovery' when a code or recovery code was right and
   * is now used up, 'wrong' otherwise.
   */
  async check(
    user: UserRow,
    input: Pick<LoginInput, 'code' | 'recoveryCode'>,
  ): Promise<'off' | 'missing' | 'ok' | 'recovery' | 'wrong'> {
    if (!user.totpEnabled) return 'off';
    if (input.code === undefined && input.recoveryCode === undefined) return 'missing';
    return this.deps.db.transaction(async (tx) => {
      const credential = await this.deps.totp.credential(user.id, tx);
      if (!credential) return 'off';
      if (input.code !== undefined) {
        const secret = await this.openSecret(user.id, credential.secretSealed, tx);
        const step = secret === null ? null : matchStep(secret, input.code);
        if (step === null || step <= credential.lastStep) return 'wrong';
        await this.deps.totp.useStep(tx, user.id, step);
        return 'ok';
      }
      // loginSchema has put the code in its compared form.
      const hash = sha256(input.recoveryCode!);
      return (await this.deps.totp.useRecoveryCode(tx, user.id, hash)) ? 'recovery' : 'wrong';
    });
  }

  /**
   * Confirms an enrolment with the first code of its secret and turns two-step login on, with
   * ten new recovery codes (shown once). A settings enrolment needs the session of the same user;
   * a login enrolment (two-step login required, not yet set up) is itself the proof of the
   * password, and the caller then starts the session.
   */
  async enable(
    ticket: string,
    code: string,
    session: SessionUser | undefined,
  ): Promise<{ uid: number; login: boolean; recoveryCodes: string[] }> {
    const opened = unseal(ticket, { secret: this.deps.secret, purpose: TICKET_PURPOSE });
    const data = opened === null ? null : (JSON.parse(opened) as Ticket);
    if (!data) throw AppError.badRequest(MSG.enrolmentExpired);
    if (session ? session.uid !== data.uid : !data.login)
      throw AppError.badRequest(MSG.enrolmentExpired);
    const step = matchStep(data.secret, code);
    if (step === null) throw AppError.validation({ code: MSG.badCode });
    const recoveryCodes = newRecoveryCodes();
    await this.deps.db.transaction(async (tx) => {
      if (await this.deps.totp.credential(data.uid, tx)) throw AppError.conflict(MSG.totpAlreadyOn);
      await this.deps.totp.enable(
        tx,
        data.uid,
        this.sealSecret(data.secret),
        step,
        recoveryCodes.map((c) => sha256(normaliseRecoveryCode(c))),
      );
      await this.audit(
        {
          actor: session
            ? sessionActor(session)
            : { type: 'admin', id: String(data.uid), name: null },
          action: AUDIT_ACTIONS.totpEnabled,
          target: { type: 'user', id: String(data.uid) },
        },
        tx,
      );
    });
    return { uid: data.uid, login: data.login && !session, recoveryCodes };
  }

  /**
   * Turns two-step login off for `userId`: by its owner (who has given the password again) or
   * by another admin for a user who lost their phone and codes. Refused when it is required.
   */
  async disable(actor: SessionUser, target: Pick<PublicUser, 'id'>): Promise<void> {
    if (actor.uid === target.id && (await this.required())) {
      throw AppError.conflict(MSG.totpMandatory);
    }
    await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.totp.disable(tx, target.id))) throw AppError.conflict(MSG.totpNotOn);
      await this.audit(
        {
          actor: sessionActor(actor),
          action: AUDIT_ACTIONS.totpDisabled,
          target: { type: 'user', id: String(target.id) },
        },
        tx,
      );
    });
  }

  /**
   * R-TOTP-KEY: every stored secret still sealed under the session secret's key, sealed again
   * under IDENTITY_SECRET's (on start; a login meets any left and does the same). The number
   * sealed again.
   */
  async resealLegacy(): Promise<number> {
    if (!this.deps.legacySecrets?.length) return 0;
    let n = 0;
    for (const { userId, secretSealed } of await this.deps.totp.sealedSecrets()) {
      if (this.open(secretSealed, this.deps.secret) !== null) continue;
      const plain = this.openLegacy(secretSealed);
      if (plain === null) continue;
      if (await this.deps.totp.replaceSealed(userId, secretSealed, this.sealSecret(plain))) n += 1;
    }
    return n;
  }

  /** R-AUDIT: an entry through the outbox, in the transaction of the change it records. */
  private async audit(entry: NewAuditEntry, tx: Transaction): Promise<void> {
    await recordAudit(tx, this.deps.outbox, 'identity', entry);
  }

  /** An account's secret; one still sealed under the session secret's key is sealed anew. */
  private async openSecret(userId: number, sealed: string, tx: Transaction) {
    const secret = this.open(sealed, this.deps.secret);
    if (secret !== null) return secret;
    const legacy = this.openLegacy(sealed);
    if (legacy !== null)
      await this.deps.totp.replaceSealed(userId, sealed, this.sealSecret(legacy), tx);
    return legacy;
  }

  private openLegacy(sealed: string): string | null {
    for (const key of this.deps.legacySecrets ?? []) {
      const plain = this.open(sealed, key);
      if (plain !== null) return plain;
    }
    return null;
  }

  private open(sealed: string, secret: string): string | null {
    return unseal(sealed, { secret, purpose: SECRET_PURPOSE });
  }

  private sealSecret(plain: string): string {
    return seal(plain, { secret: this.deps.secret, purpose: SECRET_PURPOSE });
  }
}
