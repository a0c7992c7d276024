import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  AutocompleteInput,
  ReferenceInput,
  RecordContextProvider,
  ResourceContextProvider,
  useCanAccess,
  useDataProvider,
  useGetList,
  useGetOne,
  useNotify,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { KindInput, type FieldSpec } from '@kit';
import { inputs as annotationInputs } from '@generated/web/anotacoes_acao_fiscalizacao/form';
import { inputs as infractionInputs } from '@generated/web/infracoes_acao_fiscalizacao/form';
import { inputs as pendencyInputs } from '@generated/web/pendencias_acao_fiscalizacao/form';
import { formatDate, formatMoment } from '../../kit/format';
import { COMBOS_META } from '../../kit/combos';
import { ONE_CHOICE_BEHAVIOUR } from '../../kit/inputs/autocomplete';
import { useReferenceNames } from '../../kit/list/useReferenceNames';
import { RecordDocuments } from '../../kit/documents/RecordDocuments';
import { failureOf, formErrors } from '../../pages/bare/failure';
import { http } from '../../services';
import { RESOLVE_FORM, resolvePendencies, SubForm, today } from './SubForm';

const ANNOTATIONS = 'anotacoes_acao_fiscalizacao';
const INFRACTIONS = 'infracoes_acao_fiscalizacao';
const PENDENCIES = 'pendencias_acao_fiscalizacao';

const annotationFields = annotationInputs('create');
const infractionFields = infractionInputs('create');
const pendencyFields = pendencyInputs('create');

/** The fields of each sub-form: the action (and the annotation) are the ones the sub-form is opened under. */
const ANNOTATION_FORM: FieldSpec[] = [annotationFields.inspection_annotation_type_id, annotationFields.date, annotationFields.notes, annotationFields.recidivist];
const INFRACTION_FORM: FieldSpec[] = [
  infractionFields.start_date,
  infractionFields.end_date,
  infractionFields.deadline_date,
  infractionFields.facts,
  infractionFields.instruments,
  infractionFields.recommendation,
  infractionFields.notes,
];
const PENDENCY_FORM: FieldSpec[] = [pendencyFields.start_date, pendencyFields.notes];

/** The columns whose referenced names the lists show. */
const TYPE_COLUMNS: FieldSpec[] = [annotationFields.inspection_annotation_type_id, infractionFields.inspection_infraction_type_id, pendencyFields.pendency_type_id];

type Opened =
  | { form: 'annotation' }
  | { form: 'infraction'; annotation: RaRecord }
  | { form: 'pendency'; annotation: RaRecord }
  | { form: 'resolve'; ids: number[] };

/**
 * The sub-forms of an inspection action (spec 002 §2): its annotations, each with its infractions and
 * pendencies and its documents. An open action (neither cancelled nor concluded) takes new ones in
 * dialogs; a pendency's deadline is simulated as its type and start date are chosen, before saving,
 * and the stored one is shown after; pendencies are resolved one at a time or the selected ones at
 * once, with a date and notes. The server decides every write (docs/INSPECTIONS.md).
 */
export function AnnotationsPanel() {
  const action = useRecordContext();
  const notify = useNotify();
  const provider = useDataProvider();
  const actionId = action?.id;
  const query = { filter: { inspection_action_id: actionId }, pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' as const } };
  const enabled = actionId != null;
  const annotations = useGetList(ANNOTATIONS, query, { enabled });
  const infractions = useGetList(INFRACTIONS, query, { enabled });
  const pendencies = useGetList(PENDENCIES, query, { enabled });
  const names = useReferenceNames(TYPE_COLUMNS, [...(annotations.data ?? []), ...(infractions.data ?? []), ...(pendencies.data ?? [])]);
  const { canAccess: mayAnnotate } = useCanAccess({ resource: ANNOTATIONS, action: 'create' });
  const { canAccess: mayInfract } = useCanAccess({ resource: INFRACTIONS, action: 'create' });
  const { canAccess: mayPend } = useCanAccess({ resource: PENDENCIES, action: 'create' });
  const { canAccess: mayResolve } = useCanAccess({ resource: PENDENCIES, action: 'update' });
  const [opened, setOpened] = useState<Opened | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [documentsOf, setDocumentsOf] = useState<RaRecord['id'] | null>(null);
  if (!action || actionId == null) return null;
  const open = action.canceled !== true && action.concluded !== true;
  // A pendency left open by a conclusion made before conclusions checked pendencies is still resolved here.
  const resolvable = action.canceled !== true && mayResolve === true;
  const reload = () => {
    void annotations.refetch();
    void infractions.refetch();
    void pendencies.refetch();
  };
  const typeName = (column: FieldSpec, id: unknown) => names[column.reference!.module]?.[String(id)] ?? '';
  const close = () => setOpened(null);

  /** Saves a sub-form; the server's 422 goes to its fields, any other refusal to a toast. */
  const saved = async (write: () => Promise<{ message?: string }>, done: () => void) => {
    try {
      const answer = await write();
      notify(answer.message ?? 'Registro salvo com sucesso', { type: 'success' });
      done();
      reload();
      return undefined;
    } catch (error) {
      return formErrors(error, notify);
    }
  };
  const create = (resource: string, data: Record<string, unknown>) =>
    saved(async () => {
      await provider.create(resource, { data: { inspection_action_id: actionId, ...data } });
      return {};
    }, close);
  const resolve = (ids: number[], values: Record<string, unknown>) =>
    saved(() => resolvePendencies(ids, values), () => {
      close();
      setSelected([]);
    });

  const pendencyRows = (rows: RaRecord[]) => (
    <PendencyTable
      rows={rows}
      typeName={(id) => typeName(pendencyFields.pendency_type_id, id)}
      selectable={resolvable}
      selected={selected}
      onToggle={(id) => setSelected((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]))}
      onResolve={(id) => setOpened({ form: 'resolve', ids: [id] })}
    />
  );
  const loose = (pendencies.data ?? []).filter((row) => row.inspection_action_annotation_id == null);

  return (
    <Box component="section" aria-label="Anotações da ação" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: '1 1 auto' }}>
          Anotações
        </Typography>
        {resolvable && selected.length > 0 ? (
          <Button type="button" variant="outlined" onClick={() => setOpened({ form: 'resolve', ids: selected })}>
            Resolver pendências selecionadas ({selected.length})
          </Button>
        ) : null}
        {open && mayAnnotate ? (
          <Button type="button" variant="contained" onClick={() => setOpened({ form: 'annotation' })}>
            Adicionar anotação
          </Button>
        ) : null}
      </Box>
      {annotations.data?.length === 0 ? <Typography variant="body2">Nenhuma anotação.</Typography> : null}
      {(annotations.data ?? []).map((annotation) => {
        const title = `Anotação ${typeName(annotationFields.inspection_annotation_type_id, annotation.inspection_annotation_type_id)}`;
        const own = (rows: RaRecord[] | undefined) => (rows ?? []).filter((row) => String(row.inspection_action_annotation_id) === String(annotation.id));
        return (
          <Paper key={annotation.id} variant="outlined" component="article" aria-label={title} sx={{ p: 2, mb: 2 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {typeName(annotationFields.inspection_annotation_type_id, annotation.inspection_annotation_type_id)}
              {annotation.date ? ` · ${formatDate(annotation.date)}` : ''}
              {annotation.recidivist ? ' · Reincidente' : ''}
            </Typography>
            {annotation.notes ? <Typography variant="body2">{String(annotation.notes)}</Typography> : null}
            <Link to={`/${ANNOTATIONS}/${encodeURIComponent(String(annotation.id))}`}>Abrir a anotação</Link>
            <SubHeading title="Infrações">
              {open && mayInfract ? (
                <Button type="button" size="small" onClick={() => setOpened({ form: 'infraction', annotation })}>
                  Adicionar infração
                </Button>
              ) : null}
            </SubHeading>
            <InfractionTable rows={own(infractions.data)} typeName={(id) => typeName(infractionFields.inspection_infraction_type_id, id)} />
            <SubHeading title="Pendências">
              {open && mayPend ? (
                <Button type="button" size="small" onClick={() => setOpened({ form: 'pendency', annotation })}>
                  Adicionar pendência
                </Button>
              ) : null}
            </SubHeading>
            {pendencyRows(own(pendencies.data))}
            <Button type="button" size="small" sx={{ mt: 1 }} onClick={() => setDocumentsOf((shown) => (shown === annotation.id ? null : annotation.id))}>
              {documentsOf === annotation.id ? 'Ocultar documentos da anotação' : 'Documentos da anotação'}
            </Button>
            {documentsOf === annotation.id ? (
              <ResourceContextProvider value={ANNOTATIONS}>
                <RecordContextProvider value={annotation}>
                  <RecordDocuments />
                </RecordContextProvider>
              </ResourceContextProvider>
            ) : null}
          </Paper>
        );
      })}
      {loose.length > 0 ? (
        <Box component="section" aria-label="Pendências sem anotação">
          <SubHeading title="Pendências sem anotação" />
          {pendencyRows(loose)}
        </Box>
      ) : null}

      <SubForm
        title="Nova anotação"
        open={opened?.form === 'annotation'}
        fields={ANNOTATION_FORM}
        record={{ recidivist: false }}
        onClose={close}
        onSubmit={(values) => create(ANNOTATIONS, values)}
      />
      <SubForm
        title="Nova infração"
        open={opened?.form === 'infraction'}
        fields={INFRACTION_FORM}
        lead={opened?.form === 'infraction' ? <AdmittedTypeInput spec={infractionFields.inspection_infraction_type_id} annotationTypeId={opened.annotation.inspection_annotation_type_id} list="infraction_types" /> : null}
        onClose={close}
        onSubmit={(values) => create(INFRACTIONS, { ...values, inspection_action_annotation_id: opened?.form === 'infraction' ? opened.annotation.id : null })}
      />
      <SubForm
        title="Nova pendência"
        open={opened?.form === 'pendency'}
        fields={PENDENCY_FORM}
        lead={opened?.form === 'pendency' ? <AdmittedTypeInput spec={pendencyFields.pendency_type_id} annotationTypeId={opened.annotation.inspection_annotation_type_id} list="pendency_types" /> : null}
        onClose={close}
        onSubmit={(values) => create(PENDENCIES, { ...values, inspection_action_annotation_id: opened?.form === 'pendency' ? opened.annotation.id : null })}
      >
        <DeadlineSimulation />
      </SubForm>
      <SubForm
        title={opened?.form === 'resolve' && opened.ids.length > 1 ? `Resolver ${opened.ids.length} pendências` : 'Resolver pendência'}
        open={opened?.form === 'resolve'}
        fields={RESOLVE_FORM}
        record={{ end_date: today() }}
        submitLabel="Resolver"
        onClose={close}
        onSubmit={(values) => resolve(opened?.form === 'resolve' ? opened.ids : [], values)}
      />
    </Box>
  );
}

function SubHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5 }}>
      <Typography component="h4" variant="subtitle2" sx={{ flex: '1 1 auto' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const cell = { px: 1, py: 0.5, textAlign: 'left', borderBottom: 1, borderColor: 'divider', fontSize: '0.875rem', whiteSpace: 'nowrap' } as const;
/** A cell of free text, which wraps. */
const textCell = { ...cell, whiteSpace: 'normal', minWidth: 160 } as const;

/** A row's own screen (to edit or delete it there), named by its number or, without one, its id. */
function RowLink({ resource, row }: { resource: string; row: RaRecord }) {
  return <Link to={`/${resource}/${encodeURIComponent(String(row.id))}`}>{String(row.formatted_number ?? row.number ?? `#${String(row.id)}`)}</Link>;
}

function InfractionTable({ rows, typeName }: { rows: RaRecord[]; typeName: (id: unknown) => string }) {
  if (rows.length === 0) return <Typography variant="body2">Nenhuma infração.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box component="table" aria-label="Infrações" sx={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead>
          <tr>
            {['Número', 'Tipo de infração', 'Início', 'Data do prazo', 'Fatos'].map((label) => (
              <Box component="th" key={label} sx={cell}>{label}</Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <Box component="td" sx={cell}><RowLink resource={INFRACTIONS} row={row} /></Box>
              <Box component="td" sx={textCell}>{typeName(row.inspection_infraction_type_id)}</Box>
              <Box component="td" sx={cell}>{row.start_date ? formatDate(row.start_date) : ''}</Box>
              <Box component="td" sx={cell}>{row.deadline_date ? formatDate(row.deadline_date) : ''}</Box>
              <Box component="td" sx={textCell}>{String(row.facts ?? '')}</Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function PendencyTable({
  rows,
  typeName,
  selectable,
  selected,
  onToggle,
  onResolve,
}: {
  rows: RaRecord[];
  typeName: (id: unknown) => string;
  selectable: boolean;
  selected: number[];
  onToggle: (id: number) => void;
  onResolve: (id: number) => void;
}) {
  if (rows.length === 0) return <Typography variant="body2">Nenhuma pendência.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box component="table" aria-label="Pendências" sx={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead>
          <tr>
            {['', 'Número', 'Tipo de pendência', 'Início', 'Prazo', 'Situação', ''].map((label, index) => (
              <Box component="th" key={index} sx={cell}>{label}</Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const id = Number(row.id);
            const type = typeName(row.pendency_type_id);
            const pending = row.concluded !== true;
            return (
              <tr key={row.id}>
                <Box component="td" sx={cell}>
                  {selectable && pending ? (
                    <Checkbox size="small" checked={selected.includes(id)} onChange={() => onToggle(id)} slotProps={{ input: { 'aria-label': `Selecionar a pendência ${type} ${String(row.formatted_number ?? id)}` } }} />
                  ) : null}
                </Box>
                <Box component="td" sx={cell}><RowLink resource={PENDENCIES} row={row} /></Box>
                <Box component="td" sx={textCell}>{type}</Box>
                <Box component="td" sx={cell}>{row.start_date ? formatDate(row.start_date) : ''}</Box>
                <Box component="td" sx={cell}>{row.deadline_moment ? formatMoment(String(row.deadline_moment)) : 'Sem prazo'}</Box>
                <Box component="td" sx={cell}>{pending ? 'Pendente' : `Resolvida em ${formatDate(row.end_date)}`}</Box>
                <Box component="td" sx={cell}>
                  {selectable && pending ? (
                    <Button type="button" size="small" onClick={() => onResolve(id)} aria-label={`Resolver a pendência ${type} ${String(row.formatted_number ?? id)}`}>
                      Resolver
                    </Button>
                  ) : null}
                </Box>
              </tr>
            );
          })}
        </tbody>
      </Box>
    </Box>
  );
}

/** The simulation's answer: the deadline, what it counts from, and whether it has already passed. */
interface Simulated {
  deadline_moment?: string;
  base_moment?: string;
  base_label?: string;
  overdue?: boolean;
}

/**
 * The deadline a new pendency would receive, asked of the server as its type and start date are
 * chosen (`POST /api/pendencias_acao_fiscalizacao/simulation`, nothing stored): only a simulation until
 * the pendency is saved, when the deadlines engine counts the same deadline. It says the moment it
 * counts from and why (the start date, or the moment of saving when there is none), and warns before
 * saving when that deadline has already passed: the pendency would be born overdue.
 */
function DeadlineSimulation() {
  const typeId = useWatch({ name: 'pendency_type_id' }) as unknown;
  const startDate = useWatch({ name: 'start_date' }) as unknown;
  const [shown, setShown] = useState<{ simulated?: Simulated; message?: string } | null>(null);
  useEffect(() => {
    if (typeId == null || typeId === '') {
      setShown(null);
      return;
    }
    const start = typeof startDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? startDate : undefined;
    let active = true;
    http({ method: 'POST', path: `/api/${PENDENCIES}/simulation`, body: { pendency_type_id: typeId, start_date: start } }).then(
      ({ json }) => active && setShown({ simulated: (json as { data?: Simulated }).data }),
      (error) => active && setShown({ message: Object.values(failureOf(error).fields)[0] ?? failureOf(error).message }),
    );
    return () => {
      active = false;
    };
  }, [typeId, startDate]);
  if (!shown) return null;
  const simulated = shown.simulated;
  if (!simulated?.deadline_moment) {
    return (
      <Alert severity="warning" role="status" aria-label="Prazo simulado" sx={{ mt: 1 }}>
        {shown.message}
      </Alert>
    );
  }
  const base = simulated.base_moment ? ` Contado de ${formatMoment(simulated.base_moment)}: ${simulated.base_label ?? 'o momento base'}.` : '';
  return (
    <>
      <Alert severity={simulated.overdue ? 'warning' : 'info'} role="status" aria-label="Prazo simulado" sx={{ mt: 1 }}>
        {`Prazo (simulação até salvar): ${formatMoment(simulated.deadline_moment)}.${base}`}
      </Alert>
      {simulated.overdue ? (
        <Alert severity="warning" role="alert" aria-label="Prazo já vencido" sx={{ mt: 1 }}>
          {`Este prazo já venceu em ${formatMoment(simulated.deadline_moment)}: salva assim, a pendência nasce vencida, e os fiscais da ação podem receber em seguida o aviso de prazo vencido. Para contar o prazo de hoje, deixe a data de início vazia ou informe outra.`}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * The type of an infraction or a pendency written under an annotation: the options are the types the
 * annotation's type admits (its `infraction_types` or `pendency_types`). Whoever may not read annotation
 * types gets every type, and the server refuses one not admitted, on the field.
 */
function AdmittedTypeInput({ spec, annotationTypeId, list }: { spec: FieldSpec; annotationTypeId: unknown; list: 'infraction_types' | 'pendency_types' }) {
  const { data, error, isPending } = useGetOne('tipos_anotacao_fiscalizacao', { id: annotationTypeId as string | number }, { retry: false, enabled: annotationTypeId != null });
  if (isPending && !error) return null;
  if (error || !data) return <KindInput {...spec} />;
  const ids = Array.isArray(data[list]) ? (data[list] as unknown[]) : [];
  const required = (value: unknown) => (value == null || value === '' ? `O campo ${spec.label} é obrigatório.` : undefined);
  if (ids.length === 0) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {list === 'infraction_types' ? 'O tipo desta anotação não admite infrações.' : 'O tipo desta anotação não admite pendências.'}
      </Alert>
    );
  }
  return (
    <ReferenceInput source={spec.source} reference={spec.reference!.module} filter={{ id: ids.join(',') }} queryOptions={{ meta: COMBOS_META }}>
      <AutocompleteInput label={spec.label} validate={required} optionText="name" filterToQuery={(text: string) => ({ q: text })} {...ONE_CHOICE_BEHAVIOUR} helperText={false} isRequired />
    </ReferenceInput>
  );
}
