import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { SelectInput, required as requiredCheck, type RaRecord } from 'react-admin';
import { KindInput, type Choice } from '@kit';
import { useFormReadOnly } from '@kit/formMode';
import { http } from '../../services';
import { driverChoices, spaceField, spaceFields, yesNo, type SpaceValues } from './fields';

const SOURCE = 'tenant_configs';

/** The table's columns: the spaces' fields a person tells them apart by, labelled as their inputs. */
const COLUMNS = ['tenant_name', 'db_type', 'db_name', 'active', 'monitor_active'].map((source) => spaceField(source).label);
const DB_TYPE = spaceField('db_type').label;

/** Who is open: nobody, an existing space being edited, or a new one being inserted. */
type Mode = { index: number; inserting: boolean; before?: SpaceValues } | null;

/**
 * The tenant's spaces inside its form: a table of the spaces; 'Editar' opens one for editing and
 * 'Adicionar espaço' inserts a new one, one at a time (the spec's editing/inserting toggles). The
 * changes are saved with the tenant.
 */
export function SpacesInput() {
  const readOnly = useFormReadOnly();
  const form = useFormContext();
  const { fields, append, remove, update } = useFieldArray({ name: SOURCE, keyName: 'key' });
  const spaces = (useWatch({ name: SOURCE }) ?? []) as SpaceValues[];
  const [mode, setMode] = useState<Mode>(null);
  const drivers = useDrivers();
  const wasReadOnly = useRef(readOnly);
  useEffect(() => {
    if (readOnly && !wasReadOnly.current) setMode(null);
    wasReadOnly.current = readOnly;
  }, [readOnly]);

  const insert = () => {
    append({ tenant_name: '', db_type: drivers[0]?.id ?? 'pglite', db_name: '', active: true, monitor_active: false });
    setMode({ index: fields.length, inserting: true });
  };
  const finish = async () => {
    if (!mode) return;
    if (await form.trigger(`${SOURCE}.${mode.index}`)) setMode(null);
  };
  const cancel = () => {
    if (!mode) return;
    if (mode.inserting) remove(mode.index);
    else if (mode.before) update(mode.index, mode.before);
    setMode(null);
  };
  const open = spaces[mode?.index ?? -1];
  return (
    <Box sx={{ width: '100%', my: 2 }} role="group" aria-label="Espaços">
      <Typography variant="h6" component="h2" gutterBottom>
        Espaços
      </Typography>
      <Paper variant="outlined">
        <Table size="small" aria-label="Espaços do cliente">
          <TableHead>
            <TableRow>
              {[...COLUMNS, ''].map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>Nenhum espaço.</TableCell>
              </TableRow>
            )}
            {fields.map((field, index) => {
              const space = spaces[index] ?? {};
              return (
                <TableRow key={field.key} selected={mode?.index === index}>
                  <TableCell>{space.tenant_name || '(novo)'}</TableCell>
                  <TableCell>{drivers.find((d) => d.id === space.db_type)?.name ?? space.db_type ?? ''}</TableCell>
                  <TableCell>{space.db_name ?? ''}</TableCell>
                  <TableCell>{yesNo(space.active)}</TableCell>
                  <TableCell>{yesNo(space.monitor_active)}</TableCell>
                  <TableCell align="right">
                    {!readOnly && (
                      <>
                        <Button size="small" disabled={mode !== null} onClick={() => setMode({ index, inserting: false, before: { ...space } })} aria-label={`Editar espaço ${space.tenant_name ?? ''}`}>
                          Editar
                        </Button>
                        <Button size="small" color="error" disabled={mode !== null} onClick={() => remove(index)} aria-label={`Remover espaço ${space.tenant_name ?? ''}`}>
                          Remover
                        </Button>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
      {!readOnly && mode === null && (
        <Button sx={{ mt: 1 }} variant="outlined" onClick={insert}>
          Adicionar espaço
        </Button>
      )}
      {!readOnly && mode !== null && (
        <SpaceEditor key={mode.index} index={mode.index} inserting={mode.inserting} space={open ?? {}} drivers={drivers} onFinish={finish} onCancel={cancel} />
      )}
    </Box>
  );
}

interface EditorProps {
  index: number;
  inserting: boolean;
  space: SpaceValues;
  drivers: Choice[];
  onFinish: () => void;
  onCancel: () => void;
}

/** The inputs of the one space open for editing or inserting. */
function SpaceEditor({ index, inserting, space, drivers, onFinish, onCancel }: EditorProps) {
  const prefix = `${SOURCE}.${index}`;
  const specs = spaceFields(prefix, { existing: space.id != null });
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} role="region" aria-label={inserting ? 'Novo espaço' : 'Editando espaço'}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {inserting ? 'Novo espaço' : `Editando o espaço ${space.tenant_name ?? ''}`}
      </Typography>
      <KindInput {...specs[0]} />
      <SelectInput source={`${prefix}.db_type`} label={DB_TYPE} choices={drivers} validate={requiredCheck(`O campo ${DB_TYPE} é obrigatório.`)} fullWidth helperText={space.db_type === 'pglite' ? 'Uma pasta no servidor, sob a pasta de dados.' : false} />
      {specs.slice(1).map((spec) => (
        <KindInput key={spec.source} {...spec} />
      ))}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={onFinish}>
          Concluir espaço
        </Button>
        <Button onClick={onCancel}>Cancelar espaço</Button>
      </Box>
    </Paper>
  );
}

/** The database drivers the server offers, asked once per form. */
function useDrivers(): Choice[] {
  const [drivers, setDrivers] = useState<Choice[]>([]);
  useEffect(() => {
    let live = true;
    http<RaRecord>({ path: '/api/clientes/available_drivers' })
      .then(({ json }) => live && setDrivers(driverChoices(json)))
      .catch(() => live && setDrivers([{ id: 'pglite', name: 'pglite' }, { id: 'pgsql', name: 'pgsql' }]));
    return () => {
      live = false;
    };
  }, []);
  return drivers;
}
