import { ResourceEdit } from '../../kit';
import { inputs } from '../../../../generated/web/relatorio/form';
import { resources } from '../../../../generated/web/registry';
import { KindField } from '../../kit';
import { ReportStatus } from './ReportStatus';

/** The entity a report is of, by its pt-BR plural name rather than its module name. */
const ownerSpec = {
  ...inputs('edit').owner,
  kind: 'enum' as const,
  choices: resources.map((resource) => ({ id: resource.name, name: resource.label.plural })),
};

/** `/relatorio/{id}`: the report with its status followed live, the reason of an error, and 'Imprimir' once printed. */
export function RelatorioEdit() {
  const specs = { ...inputs('edit'), owner: ownerSpec };
  return (
    <ResourceEdit>
      <ReportStatus />
      {Object.values(specs).map((spec) => (
        <KindField key={spec.source} {...spec} />
      ))}
      <KindField source="document_id" kind="reference" label="Documento" reference={{ module: 'documento' }} />
      <KindField source="requested_by" kind="reference" label="Pedido por" reference={{ module: 'usuarios' }} />
      <KindField source="started_at" kind="datetime" label="Início da impressão" />
      <KindField source="finished_at" kind="datetime" label="Fim da impressão" />
    </ResourceEdit>
  );
}
