import { ResourceCreate } from '../../kit';
import { ReportRequestInputs } from './ReportRequestInputs';

/** `/relatorio/inserir`: asking for a report generates it; the new report opens with its live status. */
export function RelatorioCreate() {
  return (
    <ResourceCreate>
      <ReportRequestInputs />
    </ResourceCreate>
  );
}
