import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FileStorage } from '../storage/storage.js';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Entity, EntityDatabase } from '../../../language/index.js';
import { MODULES, type ModuleName } from '../../../generated/modules.js';
import { allows, sessionOf, type Session } from '../http/session.js';
import { spaceOf } from '../http/space.js';
import type { HookEffect, ModuleHooks } from './hooks.js';
import type { ListResult } from './list.js';

/** A list that answers for itself, for a module the spec opens to every signed-in user. */
export type OpenList = (request: FastifyRequest, entity: Entity) => Promise<ListResult>;

/**
 * A feature's say on whether the caller may use a module: true allows, false refuses, undefined
 * leaves it to the next rule and, last, to the permission names of the route.
 */
export type ModuleAccessRule = (request: FastifyRequest, entity: Entity, session: Session) => boolean | undefined;

/** Where a database's records are for a request. */
export interface DatabaseLocator {
  // The generic operations work on any table by name, so the core holds databases of no table type.
  db(request: FastifyRequest): Kysely<any>;
  /** Whether the caller is a row of this database's `users`, so audit rows may point at them (else they name no user). */
  knowsCaller(request: FastifyRequest): boolean;
}

/** What a module's hooks declare, for the generic tests: the answer fields they set, what they reach beyond the transaction. */
export interface HookTraits {
  transforms: ReadonlySet<string>;
  effects: ReadonlySet<HookEffect>;
}

const SPACE_DATABASE: DatabaseLocator = { db: (request) => spaceOf(request).db, knowsCaller: () => true };
const KNOWN_MODULES: ReadonlySet<string> = new Set(MODULES);

/**
 * How features plug into the generic resources: the hooks around a module's writes, the lists that
 * answer for themselves, access rules beyond the permission names, the databases other than the
 * request's space. Decorated on the app as `app.resources`; a feature registers in its `feature.ts`.
 */
export class ResourceRegistry {
  /** Where uploaded files are kept; none in an app built without one (no file field can be written). */
  storage?: FileStorage;
  private readonly hookLists = new Map<string, ModuleHooks[]>();
  private readonly openLists = new Map<string, OpenList>();
  private readonly accessRules: ModuleAccessRule[] = [];
  private readonly databases = new Map<EntityDatabase, DatabaseLocator>([['space', SPACE_DATABASE]]);

  /** Adds hooks to a module's writes, after those registered before (hooks.ts says the order). */
  hooks(module: ModuleName, ...hooks: ModuleHooks[]): this {
    known(module);
    this.hookLists.set(module, [...(this.hookLists.get(module) ?? []), ...hooks]);
    return this;
  }

  /** Hands a module's list (both REST dialects) over to the feature. */
  openList(module: ModuleName, list: OpenList): this {
    known(module);
    if (this.openLists.has(module)) throw new Error(`The list of ${module} already answers for itself.`);
    this.openLists.set(module, list);
    return this;
  }

  accessRule(rule: ModuleAccessRule): this {
    this.accessRules.push(rule);
    return this;
  }

  /** Says where the records of a database other than the request's space are. */
  database(database: EntityDatabase, locator: DatabaseLocator): this {
    this.databases.set(database, locator);
    return this;
  }

  /** A module's hooks in the order they run: as registered, those that make or close databases last. */
  hooksOf(module: string): readonly ModuleHooks[] {
    const hooks = this.hookLists.get(module) ?? [];
    const last = (hook: ModuleHooks) => (hook.effects?.includes('databases') ? 1 : 0);
    return [...hooks].sort((a, b) => last(a) - last(b));
  }

  traitsOf(module: string): HookTraits {
    const hooks = this.hookLists.get(module) ?? [];
    return { transforms: new Set(hooks.flatMap((hook) => hook.transforms ?? [])), effects: new Set(hooks.flatMap((hook) => hook.effects ?? [])) };
  }

  openListOf(module: string): OpenList | undefined {
    return this.openLists.get(module);
  }

  /** Whether the caller may use the module's route guarded by these permission names (401 without a session). */
  mayUse(request: FastifyRequest, entity: Entity, names: readonly string[]): boolean {
    const session = sessionOf(request);
    for (const rule of this.accessRules) {
      const answer = rule(request, entity, session);
      if (answer !== undefined) return answer;
    }
    return allows(session.permissions, names);
  }

  locatorOf(database: EntityDatabase): DatabaseLocator {
    const locator = this.databases.get(database);
    if (!locator) throw new Error(`No feature says where the ${database} database is.`);
    return locator;
  }
}

function known(module: string): void {
  if (!KNOWN_MODULES.has(module)) throw new Error(`No module is named '${module}' (generated/modules.ts lists them).`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How features plug into the generic resources (src/server/resources/registry.ts). */
    resources: ResourceRegistry;
  }
}

/** Decorates the app with an empty registry, for the features to fill before it starts. */
export const resourceRegistry = fp(
  async (app: FastifyInstance, options: { storage?: FileStorage }) => {
    const registry = new ResourceRegistry();
    registry.storage = options.storage;
    app.decorate('resources', registry);
  },
  { name: 'resource-registry', fastify: '5.x' },
);
