/** The widget kit the generated screens are built from. */
export { ResourceList } from './ResourceList';
export { ResourceCreate } from './ResourceCreate';
export { EditToolbar, ResourceEdit } from './ResourceEdit';
export { ResourceShow } from './ResourceShow';
export { KindInput } from './KindInput';
export { KindField } from './KindField';
export type * from './types';
export type { KindInputProps } from './KindInput';
export type { KindFieldProps } from './KindField';
export { unsavedChanges, UnsavedChangesReporter } from './unsavedChanges';
