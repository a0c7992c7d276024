/** The widget kit of the lists: plain elements over react-admin's list controller (no MUI, no forms). */
export { ResourceList } from './ResourceList';
export type { FieldSpec, ListColumn, ListProps } from '../types';
