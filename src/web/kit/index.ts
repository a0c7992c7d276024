/** The widget kit of the record screens (insert, edit, view), built on react-admin's MUI components. Lists: `./list`. */
export { CreateToolbar, ResourceCreate } from './ResourceCreate';
export { BackLink } from './BackLink';
export { DeleteRecordButton } from './DeleteRecordButton';
export { EditToolbar, ResourceEdit } from './ResourceEdit';
export { ResourceShow } from './ResourceShow';
export { STALE_RECORD_STATUS, StaleRecordDialog } from './StaleRecordDialog';
export { KindInput } from './KindInput';
export { withoutHidden } from './conditions';
export { RuntimeDefaults } from './runtimeDefaults';
export { FormSections } from './FormSections';
export { KindField } from './KindField';
export { MaterialFrame } from './material/MaterialFrame';
export type * from './types';
export type { KindInputProps } from './KindInput';
export type { KindFieldProps } from './KindField';
export { unsavedChanges } from './unsavedChanges';
export { UnsavedChangesReporter } from './UnsavedChangesReporter';
