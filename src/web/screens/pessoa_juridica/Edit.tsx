import { ResourceEdit } from '@kit';
import { PessoaJuridicaInputs } from '@generated/web/pessoa_juridica/Inputs';
import { usePartyFinanceTabs } from '../financeiro/party/PartyFinance';
import { EmployeesPanel } from './EmployeesPanel';

/** The generated legal entity's form, its *Financeiro* tab to whoever may see control accounts, with the persons it employs under it. */
export function PessoaJuridicaEdit() {
  const tabs = usePartyFinanceTabs();
  return (
    <ResourceEdit documents>
      <PessoaJuridicaInputs mode="edit" tabs={tabs} />
      <EmployeesPanel />
    </ResourceEdit>
  );
}
