import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDataProvider } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { KindInput } from '../../kit';
import type { FieldSpec } from '../../kit/types';
import { inputs } from '../../../../generated/web/relatorio/form';
import { resources } from '../../../../generated/web/registry';

interface DesignParameter {
  name: string;
  label: string;
  type: 'text' | 'integer' | 'date' | 'boolean' | 'reference';
  /** For a reference: the module whose records it offers. */
  module?: string | null;
  required: boolean;
}

const KINDS: Record<DesignParameter['type'], FieldSpec['kind']> = { text: 'text', integer: 'integer', date: 'date', boolean: 'boolean', reference: 'reference' };

/** A design parameter's input, at `used_parameters.<name>`: a reference offers its module's records by name. */
const parameterSpec = (parameter: DesignParameter): FieldSpec => ({
  source: `used_parameters.${parameter.name}`,
  ...(parameter.type === 'reference' && parameter.module
    ? { kind: 'reference' as const, reference: { module: parameter.module } }
    : { kind: parameter.type === 'reference' ? ('integer' as const) : (KINDS[parameter.type] ?? 'text') }),
  label: parameter.label,
  required: parameter.type !== 'boolean' && parameter.required,
});

/**
 * The report's inputs: the design, the format, the entity among the design's (by their pt-BR names),
 * the record when the report is of one, whether its file is kept as a document, and one input per
 * parameter the design declares.
 */
export function ReportRequestInputs() {
  const specs = inputs('create');
  const dataProvider = useDataProvider();
  const designId = useWatch({ name: 'report_design_type_id' }) as number | null | undefined;
  const [design, setDesign] = useState<{ owners: string[]; parameters: DesignParameter[] } | null>(null);

  useEffect(() => {
    if (!designId) return setDesign(null);
    let active = true;
    dataProvider.getOne('tipo_design_relatorio', { id: designId }).then(
      ({ data }) => active && setDesign({ owners: (data.owners ?? []) as string[], parameters: (data.parameters ?? []) as DesignParameter[] }),
      () => active && setDesign({ owners: [], parameters: [] }),
    );
    return () => {
      active = false;
    };
  }, [dataProvider, designId]);

  const ownerChoices = (design?.owners.length ? design.owners : resources.map((r) => r.name)).map((name) => ({
    id: name,
    name: resources.find((r) => r.name === name)?.label.plural ?? name,
  }));
  return (
    <>
      <KindInput {...specs.report_design_type_id} />
      <KindInput {...specs.file_extension} />
      <KindInput {...specs.owner} kind="enum" choices={ownerChoices} />
      <KindInput {...specs.owner_id} />
      <KindInput {...specs.without_document} />
      <KindInput {...specs.force_store} />
      {design && design.parameters.length > 0 && (
        <Box component="fieldset" aria-label="Parâmetros" sx={{ border: 0, p: 0, m: 0, width: '100%', minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 1 }}>
            Parâmetros
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', columnGap: 2 }}>
            {design.parameters.map((parameter) => (
              <KindInput key={parameter.name} {...parameterSpec(parameter)} />
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}
