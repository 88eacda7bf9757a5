import { ROLES, STAFF_LANGS, type Role, type StaffLang } from '@nsa/contracts';
import {
  DataTypes,
  type Creation,
  type Model,
  type ModelAttributes,
  type ModelStatic,
  perInstance,
  type Sequelize,
} from '@nsa/service-kit';

/**
 * svc-identity's tables as Sequelize models, built as svc-catalog's are (see the note there on
 * the schema, the migrations and the timestamps). The validations repeat adminUserSchema's
 * rules as a second line behind the API; the database's CHECKs are the third.
 */

export interface UserAttributes {
  id: number;
  email: string;
  name: string;
  role: Role;
  passwordHash: string | null;
  /** The language of the user's emails: the staff side's (R-LANG-EMAIL). */
  language: StaffLang;
  createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
}
export interface PasswordTokenAttributes {
  id: number;
  userId: number;
  email: string;
  tokenHash: string;
  purpose: 'reset' | 'setup';
  expiresAt: Date;
  used: boolean;
  createdAt: Date;
  updatedAt: Date;
}
export interface LoginFailureAttributes {
  id: number;
  emailHash: string;
  clientIp: string;
  at: Date;
}
export interface SessionAttributes {
  idHash: string;
  userId: number;
  createdAt: Date;
}
export interface TotpCredentialAttributes {
  userId: number;
  secretSealed: string;
  lastStep: string;
  createdAt: Date;
}
export interface RecoveryCodeAttributes {
  id: string;
  userId: number;
  codeHash: string;
  createdAt: Date;
}

export type UserModel = Model<
  UserAttributes,
  Creation<UserAttributes, 'id' | 'createdAt' | 'updatedAt' | 'lastLoginAt' | 'language'>
>;
export type PasswordTokenModel = Model<
  PasswordTokenAttributes,
  Creation<PasswordTokenAttributes, 'id' | 'createdAt' | 'updatedAt' | 'used'>
>;
export type LoginFailureModel = Model<
  LoginFailureAttributes,
  Creation<LoginFailureAttributes, 'id' | 'at'>
>;
export type SessionModel = Model<SessionAttributes, Creation<SessionAttributes, 'createdAt'>>;
export type TotpCredentialModel = Model<
  TotpCredentialAttributes,
  Creation<TotpCredentialAttributes, 'createdAt' | 'lastStep'>
>;
export type RecoveryCodeModel = Model<
  RecoveryCodeAttributes,
  Creation<RecoveryCodeAttributes, 'id' | 'createdAt'>
>;

export interface IdentityModels {
  User: ModelStatic<UserModel>;
  PasswordToken: ModelStatic<PasswordTokenModel>;
  LoginFailure: ModelStatic<LoginFailureModel>;
  Session: ModelStatic<SessionModel>;
  TotpCredential: ModelStatic<TotpCredentialModel>;
  RecoveryCode: ModelStatic<RecoveryCodeModel>;
}

// Factories: Sequelize writes each attribute's column into its definition, so none is shared.
const sha256Hex = () => ({
  type: DataTypes.CHAR(64),
  allowNull: false,
  validate: { is: /^[0-9a-f]{64}$/ },
});

const userAttributes = (): ModelAttributes<UserModel, UserAttributes> => ({
  id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
  // Unique as lower(email) per organisation (users_email_per_organisation); the environment's
  // bootstrap admin never passed zod, so only the shape of an address is asked here, and
  // zod's length.
  email: {
    type: DataTypes.TEXT,
    allowNull: false,
    validate: { len: [3, 254], is: /^[^\s@]+@[^\s@]+$/ },
  },
  name: { type: DataTypes.TEXT, allowNull: false, validate: { notEmpty: true, len: [2, 100] } },
  role: { type: DataTypes.TEXT, allowNull: false, validate: { isIn: [[...ROLES]] } },
  passwordHash: { type: DataTypes.TEXT, allowNull: true },
  language: {
    type: DataTypes.CHAR(2),
    allowNull: false,
    defaultValue: 'nl',
    validate: { isIn: [[...STAFF_LANGS]] },
  },
  createdAt: { type: DataTypes.DATE },
  updatedAt: { type: DataTypes.DATE },
  lastLoginAt: { type: DataTypes.DATE, allowNull: true },
});

const passwordTokenAttributes = (): ModelAttributes<
  PasswordTokenModel,
  PasswordTokenAttributes
> => ({
  id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
  userId: { type: DataTypes.INTEGER, allowNull: false },
  email: { type: DataTypes.TEXT, allowNull: false },
  tokenHash: { ...sha256Hex(), unique: true },
  purpose: { type: DataTypes.TEXT, allowNull: false, validate: { isIn: [['reset', 'setup']] } },
  expiresAt: { type: DataTypes.DATE, allowNull: false },
  used: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  createdAt: { type: DataTypes.DATE },
  updatedAt: { type: DataTypes.DATE },
});

const loginFailureAttributes = (): ModelAttributes<LoginFailureModel, LoginFailureAttributes> => ({
  id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
  emailHash: sha256Hex(),
  clientIp: { type: DataTypes.TEXT, allowNull: false },
  // Left to the column's DEFAULT now(): the window is counted on the database's clock.
  at: { type: DataTypes.DATE },
});

const sessionAttributes = (): ModelAttributes<SessionModel, SessionAttributes> => ({
  idHash: { ...sha256Hex(), primaryKey: true },
  userId: { type: DataTypes.INTEGER, allowNull: false },
  // Left to the column's DEFAULT now(): the lifetime is counted on the database's clock.
  createdAt: { type: DataTypes.DATE },
});

const totpCredentialAttributes = (): ModelAttributes<
  TotpCredentialModel,
  TotpCredentialAttributes
> => ({
  userId: { type: DataTypes.INTEGER, primaryKey: true },
  secretSealed: { type: DataTypes.TEXT, allowNull: false },
  // bigint: pg hands it over as a string.
  lastStep: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
  createdAt: { type: DataTypes.DATE },
});

const recoveryCodeAttributes = (): ModelAttributes<RecoveryCodeModel, RecoveryCodeAttributes> => ({
  id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
  userId: { type: DataTypes.INTEGER, allowNull: false },
  codeHash: sha256Hex(),
  createdAt: { type: DataTypes.DATE },
});

/** svc-identity's models on this instance, defined once per instance. */
export const identityModels = perInstance((sequelize: Sequelize): IdentityModels => ({
  User: sequelize.define<UserModel, UserAttributes>('User', userAttributes(), {
    tableName: 'users',
  }),
  PasswordToken: sequelize.define<PasswordTokenModel, PasswordTokenAttributes>(
    'PasswordToken',
    passwordTokenAttributes(),
    { tableName: 'password_tokens' },
  ),
  LoginFailure: sequelize.define<LoginFailureModel, LoginFailureAttributes>(
    'LoginFailure',
    loginFailureAttributes(),
    { tableName: 'login_failures', timestamps: false },
  ),
  Session: sequelize.define<SessionModel, SessionAttributes>('Session', sessionAttributes(), {
    tableName: 'sessions',
    timestamps: false,
  }),
  TotpCredential: sequelize.define<TotpCredentialModel, TotpCredentialAttributes>(
    'TotpCredential',
    totpCredentialAttributes(),
    { tableName: 'totp_credentials', timestamps: false },
  ),
  RecoveryCode: sequelize.define<RecoveryCodeModel, RecoveryCodeAttributes>(
    'RecoveryCode',
    recoveryCodeAttributes(),
    { tableName: 'totp_recovery_codes', timestamps: false },
  ),
}));
