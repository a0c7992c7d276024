import { MENU_AREAS, type MenuArea, type Model } from '../../../../language/index.js';

type Doc = Record<string, any>;

/** The part of the document whose routes belong to no module (sign-in, profile, health, features). */
export const GENERAL_AREA = 'geral';
const GENERAL_LABEL = 'Geral';

export interface AreaDocument {
  /** `geral`, or a menu area (the folder of its modules' schemas). */
  area: string;
  label: string;
  document: Doc;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** Every `#/components/<kind>/<name>` that `value` names, however deep. */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/')) found.add(item);
      else refsIn(item, found);
    }
  }
}

/** The components `paths` uses, with those they use in turn; the security schemes always. */
function componentsFor(components: Doc, paths: Doc): Doc {
  const wanted = new Set<string>();
  refsIn(paths, wanted);
  const kept: Doc = { securitySchemes: components.securitySchemes };
  const pending = [...wanted];
  while (pending.length) {
    const [, , kind, name] = pending.pop()!.split('/');
    const component = components[kind]?.[name];
    if (!component || kept[kind]?.[name]) continue;
    (kept[kind] ??= {})[name] = component;
    const inner = new Set<string>();
    refsIn(component, inner);
    for (const ref of inner) {
      if (wanted.has(ref)) continue;
      wanted.add(ref);
      pending.push(ref);
    }
  }
  return kept;
}

/** The parts the document splits into, in the menu's order: 'Geral', then each area that has modules. */
export function documentAreas(model: Model): { area: string; label: string }[] {
  const present = new Set<string>(model.entities.map((entity) => entity.area));
  return [
    { area: GENERAL_AREA, label: GENERAL_LABEL },
    ...(Object.keys(MENU_AREAS) as MenuArea[]).filter((area) => present.has(area)).map((area) => ({ area: area as string, label: MENU_AREAS[area] })),
  ];
}

/**
 * The OpenAPI document split by menu area, for the interactive documentation: each part holds the
 * routes of its area's modules (a route goes where its first tag's module lives; a tag naming no
 * module goes to 'Geral') and only the components they use. Whole, the document's seventeen hundred
 * operations took Chromium 15 s to draw on a two-core machine; the largest part, 3.3 s.
 */
export function splitByArea(document: Doc, model: Model): AreaDocument[] {
  const areaOfModule = new Map(model.entities.map((entity) => [entity.module, entity.area as string]));
  const paths = new Map<string, Doc>();
  for (const [path, item] of Object.entries<Doc>(document.paths ?? {})) {
    for (const [method, operation] of Object.entries<Doc>(item)) {
      if (!METHODS.has(method)) continue;
      const area = areaOfModule.get(operation.tags?.[0]) ?? GENERAL_AREA;
      if (!paths.has(area)) paths.set(area, {});
      const areaPaths = paths.get(area)!;
      areaPaths[path] ??= Object.fromEntries(Object.entries(item).filter(([key]) => !METHODS.has(key)));
      areaPaths[path][method] = operation;
    }
  }
  return documentAreas(model)
    .map(({ area, label }) => {
      const areaPaths = paths.get(area) ?? {};
      const tags = new Set(Object.values(areaPaths).flatMap((item: Doc) => Object.values(item).flatMap((op: Doc) => op?.tags ?? [])));
      return {
        area, label,
        document: {
          ...document,
          info: { ...document.info, title: `${document.info?.title ?? 'API'}: ${label}` },
          tags: (document.tags ?? []).filter((tag: Doc) => tags.has(tag.name)),
          paths: areaPaths,
          components: componentsFor(document.components ?? {}, areaPaths),
        },
      };
    });
}
