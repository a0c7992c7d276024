import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { dynamic, type DynamicDatabase } from '../db/dynamic.js';
import type { Entity, EntityDatabase, Model } from '../../../../language/index.js';
import { MODULES, type ModuleName } from '../../../../generated/modules.js';
import { allows, sessionOf, type Session } from '../http/session.js';
import { spaceOf } from '../http/space.js';
import type { BodyAttachment, HookEffect, ModuleHooks, WriteContext } from './hooks.js';
import type { ListResult } from './list.js';
import type { FileStorages, FilesSpace, SpaceStorages } from '../storage/storages.js';
import type { ReadHooks } from './read-hooks.js';
import type { ComboParam } from './combos.js';
import type { PermissionEntry } from './permissions.js';

/**
 * A list that answers for itself, for a module the spec opens to every signed-in user. `query` is the
 * list's parameters (the request's query string when absent; an export pages through it by cursor).
 */
export type OpenList = (request: FastifyRequest, entity: Entity, query?: Record<string, unknown>) => Promise<ListResult>;

/**
 * A feature's say on whether the caller may use a module: true allows, false refuses, undefined
 * leaves it to the next rule and, last, to the permission names of the route.
 */
export type ModuleAccessRule = (request: FastifyRequest, entity: Entity, session: Session) => boolean | undefined;

/** Reads an external field's value (`x-external`) of one record, from wherever the feature keeps it. */
export type ExternalReader = (request: FastifyRequest, record: Readonly<Record<string, unknown>>) => Promise<unknown>;

export type { ComboParam } from './combos.js';

/** Where a database's records are for a request. */
export interface DatabaseLocator {
  // The generic operations work on any table by name, so the core holds databases of no table type.
  db(request: FastifyRequest): DynamicDatabase;
  /** Whether the caller is a row of this database's `users`, so audit rows may point at them (else they name no user). */
  knowsCaller(request: FastifyRequest): boolean;
}

/** What a module's hooks declare, for the generic tests: the answer fields they set, what they reach beyond the transaction. */
export interface HookTraits {
  transforms: ReadonlySet<string>;
  effects: ReadonlySet<HookEffect>;
}

const SPACE_DATABASE: DatabaseLocator = { db: (request) => dynamic(spaceOf(request).db), knowsCaller: () => true };
const KNOWN_MODULES: ReadonlySet<string> = new Set(MODULES);

/**
 * How features plug into the generic resources: the hooks around a module's writes and reads, the lists that
 * answer for themselves, access rules beyond the permission names, the databases other than the
 * request's space. Decorated on the app as `app.resources`; a feature registers in its `feature.ts`.
 */
export class ResourceRegistry {
  /** Where uploaded files are kept; none in an app built without (no file field can be written). */
  private storages?: FileStorages;
  private readonly hookLists = new Map<string, ModuleHooks[]>();
  private readonly readHookLists = new Map<string, ReadHooks[]>();
  private readonly openLists = new Map<string, OpenList>();
  private readonly accessRules: ModuleAccessRule[] = [];
  private readonly bodyAttachments: BodyAttachment[] = [];
  private readonly databases = new Map<EntityDatabase, DatabaseLocator>([['space', SPACE_DATABASE]]);
  private readonly externalReaders = new Map<string, ExternalReader>();
  private readonly comboParams = new Map<string, Map<string, ComboParam>>();
  /** The names of the catalogue: what a field of kind `permission` may hold. */
  readonly permissionNames: ReadonlySet<string>;

  /** `permissionCatalogue`: every permission a grant may hold, the modules' and the features' (permissions.ts). */
  constructor(readonly permissionCatalogue: readonly PermissionEntry[]) {
    this.permissionNames = new Set(permissionCatalogue.map((entry) => entry.name));
  }

  /**
   * Adds hooks to the writes of an entity the feature found in the served model by a keyword any
   * schema may carry (`x-documents`), rather than by a name it knows.
   */
  entityHooks(entity: { module: string }, ...hooks: ModuleHooks[]): this {
    this.hookLists.set(entity.module, [...(this.hookLists.get(entity.module) ?? []), ...hooks]);
    return this;
  }

  /** A key every module's write body may carry beside its fields, read by the feature that registers it (hooks.ts `BodyAttachment`). */
  attachment(attachment: BodyAttachment): this {
    if (this.bodyAttachments.some((known) => known.key === attachment.key)) throw new Error(`The body key ${attachment.key} is read already.`);
    this.bodyAttachments.push(attachment);
    return this;
  }

  get attachments(): readonly BodyAttachment[] {
    return this.bodyAttachments;
  }

  /** Adds hooks to a module's writes, after those registered before (hooks.ts says the order). */
  hooks(module: ModuleName, ...hooks: ModuleHooks[]): this {
    known(module);
    this.hookLists.set(module, [...(this.hookLists.get(module) ?? []), ...hooks]);
    return this;
  }

  /** Adds to what a module's list rows and one record answer (read-hooks.ts), after those registered before. */
  readHooks(module: ModuleName, ...hooks: ReadHooks[]): this {
    known(module);
    this.readHookLists.set(module, [...(this.readHookLists.get(module) ?? []), ...hooks]);
    return this;
  }

  readHooksOf(module: string): readonly ReadHooks[] {
    return this.readHookLists.get(module) ?? [];
  }

  /** Hands a module's list (both REST dialects) over to the feature. */
  openList(module: ModuleName, list: OpenList): this {
    known(module);
    if (this.openLists.has(module)) throw new Error(`The list of ${module} already answers for itself.`);
    this.openLists.set(module, list);
    return this;
  }

  /** Says what a combo parameter of a module means when it names none of its columns (a dependent combo's parent). */
  comboParam(module: ModuleName, param: string, condition: ComboParam): this {
    known(module);
    const params = this.comboParams.get(module) ?? new Map<string, ComboParam>();
    params.set(param, condition);
    this.comboParams.set(module, params);
    return this;
  }

  comboParamsOf(module: string): ReadonlyMap<string, ComboParam> {
    return this.comboParams.get(module) ?? new Map();
  }

  /**
   * Says how an external field (`x-external`) of a module is read, so a record's answer carries it;
   * the feature's hooks write it (and set it in the write's answer, naming it in `transforms`).
   */
  external(module: ModuleName, field: string, reader: ExternalReader): this {
    known(module);
    this.externalReaders.set(`${module}.${field}`, reader);
    return this;
  }

  /** Fails at start-up when an external field of the model has no feature to read it. */
  checkExternal(entities: readonly Entity[]): void {
    for (const entity of entities) {
      for (const field of entity.fields) {
        if (field.kind === 'external' && !this.externalReaders.has(`${entity.module}.${field.name}`)) {
          throw new Error(`No feature keeps the external field ${entity.module}.${field.name} (app.resources.external).`);
        }
      }
    }
  }

  /** Adds the record's external fields, as their features read them. */
  async withExternal(request: FastifyRequest, entity: Entity, record: Record<string, unknown>): Promise<Record<string, unknown>> {
    for (const field of entity.fields) {
      const reader = field.kind === 'external' ? this.externalReaders.get(`${entity.module}.${field.name}`) : undefined;
      if (reader) record[field.name] = await reader(request, record);
    }
    return record;
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

  /**
   * Says which storage keeps each space's files: the core's (every space in its own folder) until a
   * feature offers file services.
   */
  fileStorages(storages: FileStorages): this {
    this.storages = storages;
    return this;
  }

  /** The storages of a space outside any request (a background job); undefined in an app built without any. */
  filesOfSpace(space: FilesSpace): SpaceStorages | undefined {
    const storages = this.storages;
    if (!storages) return undefined;
    return { active: () => storages.active(space), of: (serviceId) => storages.of(space, serviceId) };
  }

  /** The storages of the request's space; undefined in an app built without any. */
  filesOf(request: FastifyRequest): SpaceStorages | undefined {
    const storages = this.storages;
    if (!storages) return undefined;
    const space = (): FilesSpace => {
      const { name, isDefault, db } = spaceOf(request);
      return { name, isDefault: isDefault === true, db };
    };
    return { active: () => storages.active(space()), of: (serviceId) => storages.of(space(), serviceId) };
  }

  /** A module's hooks in the order they run: as registered, those that make or close databases last. */
  /** What a write to a module runs with, beyond its request and files: its hooks, the features' body keys, combo parameters and permission names. */
  writeContext(model: Model, module: string, userId: number | null): WriteContext {
    return { model, userId, hooks: this.hooksOf(module), attachments: this.attachments, comboParams: (name) => this.comboParamsOf(name), permissionNames: this.permissionNames };
  }

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
    // A module the spec opens to 'any' signed-in person needs no permission name.
    return entity.access === 'any' || allows(session.permissions, names);
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
    /** How features plug into the generic resources (src/server/core/resources/registry.ts). */
    resources: ResourceRegistry;
  }
}

/** Decorates the app with an empty registry, for the features to fill before it starts. */
export const resourceRegistry = fp(
  async (app: FastifyInstance, options: { storages?: FileStorages; permissions: readonly PermissionEntry[] }) => {
    const registry = new ResourceRegistry(options.permissions);
    if (options.storages) registry.fileStorages(options.storages);
    app.decorate('resources', registry);
  },
  { name: 'resource-registry', fastify: '5.x' },
);
