import {
  DataTypes,
  type Creation,
  type Model,
  type ModelAttributes,
  type ModelStatic,
  perInstance,
  type Sequelize,
} from '@nsa/service-kit';
import { isoYearOf, type ActivityFields } from '@nsa/contracts';

/**
 * The catalog's tables as Sequelize models, defined on the service's own instance: its
 * connections' search_path is the service's schema (DB_SCHEMA), so the unqualified table names
 * reach this service's data only. Migrations own the tables; nothing here syncs or alters them.
 * created_at / updated_at are the models' timestamps (underscored).
 *
 * The validations repeat the zod rules of packages/contracts (R-CATALOG-VALIDATION) as a second
 * line behind the API, which validates with zod first; the database's CHECKs are the third.
 */

type Timestamps = { createdAt: Date; updatedAt: Date };

export interface SchoolAttributes extends Timestamps {
  id: number;
  name: string;
  accessToken: string;
}
export interface BlockAttributes extends Timestamps {
  id: number;
  name: string;
  weekStart: number;
  weekEnd: number;
  year: number;
  signupOpensAt: Date | null;
  signupClosesAt: Date | null;
  allocation: 'fcfs' | 'lottery';
  seedHash: string | null;
  seed: string | null;
  entriesDigest: string | null;
  drawPublishedAt: Date | null;
}
export interface ProviderAttributes extends Timestamps {
  id: number;
  name: string;
}
export interface ActivityAttributes extends Timestamps, ActivityFields {}
export interface ActivityCountAttributes {
  activityId: number;
  approvedCount: number;
  offeredCount: number;
  waitlistCount: number;
  registrationsCount: number;
}
export interface ActivityTokenAttributes extends Timestamps {
  id: number;
  activityId: number;
  tokenHash: string;
  expiresAt: Date | null;
  revoked: boolean;
  lastUsedAt: Date | null;
}

type Generated = 'id' | 'createdAt' | 'updatedAt';
type BlockGenerated = Generated | 'seedHash' | 'seed' | 'entriesDigest' | 'drawPublishedAt';
export type SchoolModel = Model<SchoolAttributes, Creation<SchoolAttributes, Generated>>;
export type BlockModel = Model<BlockAttributes, Creation<BlockAttributes, BlockGenerated>>;
export type ProviderModel = Model<ProviderAttributes, Creation<ProviderAttributes, Generated>>;
export type ActivityModel = Model<ActivityAttributes, Creation<ActivityAttributes, Generated>>;
export type ActivityCountModel = Model<ActivityCountAttributes>;
export type ActivityTokenModel = Model<
  ActivityTokenAttributes,
  Creation<ActivityTokenAttributes, Generated | 'revoked' | 'lastUsedAt'>
>;

export interface CatalogModels {
  School: ModelStatic<SchoolModel>;
  Block: ModelStatic<BlockModel>;
  Provider: ModelStatic<ProviderModel>;
  Activity: ModelStatic<ActivityModel>;
  ActivityCount: ModelStatic<ActivityCountModel>;
  ActivityToken: ModelStatic<ActivityTokenModel>;
}

// Factories: Sequelize writes each attribute's column into its definition, so none is shared.
const id = () => ({ type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true });
/** Trimmed by zod, 1 to 200 characters (contracts' `name`). */
const name = () => ({
  type: DataTypes.TEXT,
  allowNull: false,
  validate: { notEmpty: true, len: [1, 200] as [number, number] },
});
const week = () => ({
  type: DataTypes.SMALLINT,
  allowNull: false,
  validate: { isInt: true, min: 1, max: 53 },
});
const reference = () => ({
  type: DataTypes.INTEGER,
  allowNull: false,
  validate: { isInt: true, min: 1 },
});
const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
const count = () => ({ type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
const timestamp = () => ({ type: DataTypes.DATE });

const schoolAttributes = (): ModelAttributes<SchoolModel, SchoolAttributes> => ({
  id: id(),
  name: name(),
  accessToken: {
    type: DataTypes.CHAR(32),
    allowNull: false,
    unique: true,
    validate: { is: /^[0-9a-f]{32}$/ },
  },
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

const hex64 = () => ({
  type: DataTypes.CHAR(64),
  allowNull: true,
  validate: { is: /^[0-9a-f]{64}$/ },
});
const blockAttributes = (): ModelAttributes<BlockModel, BlockAttributes> => ({
  id: id(),
  name: name(),
  weekStart: week(),
  weekEnd: week(),
  // R-RETENTION-YEAR: the ISO week-year of its weeks; a new block without one gets this year.
  year: {
    type: DataTypes.SMALLINT,
    allowNull: false,
    defaultValue: () => isoYearOf(new Date()),
    validate: { isInt: true, min: 2000, max: 2100 },
  },
  // R-DRAW-WINDOW; the database checks that it closes after it opens.
  signupOpensAt: timestamp(),
  signupClosesAt: timestamp(),
  allocation: {
    type: DataTypes.TEXT,
    allowNull: false,
    defaultValue: 'fcfs',
    validate: { isIn: [['fcfs', 'lottery']] },
  },
  seedHash: hex64(),
  seed: hex64(),
  entriesDigest: hex64(),
  drawPublishedAt: timestamp(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

const providerAttributes = (): ModelAttributes<ProviderModel, ProviderAttributes> => ({
  id: id(),
  name: name(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

const activityAttributes = (): ModelAttributes<ActivityModel, ActivityAttributes> => ({
  id: id(),
  title: name(),
  capacity: {
    type: DataTypes.INTEGER,
    allowNull: false,
    validate: { isInt: true, min: 1, max: 10_000 },
  },
  weekday: {
    type: DataTypes.SMALLINT,
    allowNull: false,
    validate: { isInt: true, min: 0, max: 6 },
  },
  startTime: {
    type: DataTypes.CHAR(5),
    allowNull: false,
    validate: { is: /^([01]\d|2[0-3]):[0-5]\d$/ },
  },
  schoolId: reference(),
  blockId: reference(),
  providerId: reference(),
  isLocked: flag(),
  isHidden: flag(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

const activityCountAttributes = (): ModelAttributes<
  ActivityCountModel,
  ActivityCountAttributes
> => ({
  activityId: { type: DataTypes.INTEGER, primaryKey: true },
  approvedCount: count(),
  offeredCount: count(),
  waitlistCount: count(),
  registrationsCount: count(),
});

const activityTokenAttributes = (): ModelAttributes<
  ActivityTokenModel,
  ActivityTokenAttributes
> => ({
  id: id(),
  // Unique: generating a link again upserts on the activity (one link per activity).
  activityId: { type: DataTypes.INTEGER, allowNull: false, unique: true },
  tokenHash: {
    type: DataTypes.CHAR(64),
    allowNull: false,
    unique: true,
    validate: { is: /^[0-9a-f]{64}$/ },
  },
  expiresAt: timestamp(),
  revoked: flag(),
  lastUsedAt: timestamp(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** The catalog's models on this instance, defined once per instance. */
export const catalogModels = perInstance((sequelize: Sequelize): CatalogModels => ({
  School: sequelize.define<SchoolModel, SchoolAttributes>('School', schoolAttributes(), {
    tableName: 'schools',
  }),
  Block: sequelize.define<BlockModel, BlockAttributes>('Block', blockAttributes(), {
    tableName: 'blocks',
    validate: {
      // contracts' blockSchema: a block is a run of weeks within one year.
      weekEndNotBeforeStart(this: BlockAttributes) {
        if (this.weekEnd < this.weekStart) throw new Error('weekEndBeforeStart');
      },
    },
  }),
  Provider: sequelize.define<ProviderModel, ProviderAttributes>('Provider', providerAttributes(), {
    tableName: 'providers',
  }),
  Activity: sequelize.define<ActivityModel, ActivityAttributes>('Activity', activityAttributes(), {
    tableName: 'activities',
  }),
  ActivityCount: sequelize.define<ActivityCountModel, ActivityCountAttributes>(
    'ActivityCount',
    activityCountAttributes(),
    { tableName: 'activity_counts', timestamps: false },
  ),
  ActivityToken: sequelize.define<ActivityTokenModel, ActivityTokenAttributes>(
    'ActivityToken',
    activityTokenAttributes(),
    { tableName: 'activity_tokens' },
  ),
}));
