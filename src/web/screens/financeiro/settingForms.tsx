import type { ComponentType } from 'react';
import { ResourceCreate, ResourceEdit, type FormInputsProps } from '../../kit';
import { CalculationPreview, type SettingPart } from './CalculationPreview';

/**
 * A finance setting's insert and edit forms: its generated inputs, then the calculation preview of
 * the configurations the form holds.
 */
export function settingForms(part: SettingPart, Inputs: ComponentType<FormInputsProps>) {
  return {
    Create() {
      return (
        <ResourceCreate>
          <Inputs mode="create" />
          <CalculationPreview part={part} />
        </ResourceCreate>
      );
    },
    Edit() {
      return (
        <ResourceEdit>
          <Inputs mode="edit" />
          <CalculationPreview part={part} />
        </ResourceEdit>
      );
    },
  };
}
