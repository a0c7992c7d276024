import { ResourceCreate, ResourceEdit } from '@kit';
import { SublistRemovals } from '@kit/inputs/sublistRemoval';
import { TipoFluxoTrabalhoInputs } from '@generated/web/tipo_fluxo_trabalho/Inputs';
import { workflowTypeRemovals } from './removals';

/** The generated workflow type's forms, whose phase and step rows tidy the rest of the form when removed (removals.ts). */
export function TipoFluxoTrabalhoCreate() {
  return (
    <SublistRemovals.Provider value={workflowTypeRemovals}>
      <ResourceCreate>
        <TipoFluxoTrabalhoInputs mode="create" />
      </ResourceCreate>
    </SublistRemovals.Provider>
  );
}

export function TipoFluxoTrabalhoEdit() {
  return (
    <SublistRemovals.Provider value={workflowTypeRemovals}>
      <ResourceEdit>
        <TipoFluxoTrabalhoInputs mode="edit" />
      </ResourceEdit>
    </SublistRemovals.Provider>
  );
}
