import { ResourceEdit } from '@kit';
import { PessoaFisicaInputs } from '@generated/web/pessoa_fisica/Inputs';
import { usePartyFinanceTabs } from '../financeiro/party/PartyFinance';
import { DefaultEmployer } from './DefaultEmployer';
import { RegistrationsPanel } from './RegistrationsPanel';

/**
 * The generated person form, a work relation added to it working for the institution unless changed,
 * its *Financeiro* tab to whoever may see control accounts, and the person's registrations under it.
 */
export function PessoaFisicaEdit() {
  const tabs = usePartyFinanceTabs();
  return (
    <DefaultEmployer>
      <ResourceEdit documents occurrences panels={<RegistrationsPanel />}>
        <PessoaFisicaInputs mode="edit" tabs={tabs} />
      </ResourceEdit>
    </DefaultEmployer>
  );
}
