import { createContext } from 'react';

/**
 * Values a new sub-list row starts with that only the running screen knows (the institution, as a new
 * work relation's employer), keyed `<sub-list>.<field>` (`work_relations.employer_id`); the schema's
 * own `default` is fixed when the screen is generated. A row already there keeps its values.
 * @example <RuntimeDefaults.Provider value={{ 'work_relations.employer_id': 12 }}><GeneratedCreate /></RuntimeDefaults.Provider>
 */
export const RuntimeDefaults = createContext<Readonly<Record<string, unknown>>>({});
