import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { useNotify, usePermissions } from 'react-admin';
import { MaterialFrame } from '@kit/material/MaterialFrame';
import { applyFrontParameters } from '@kit/frontSettings';
import { PageTitle } from '../../layout/PageTitle';
import { Loading } from '../../layout/Loading';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';
import { ParameterValueInput } from './ParameterValueInput';
import { fieldMessages, saveBody, SCOPE_LABELS, TYPE_LABELS, valueText, type Parameter, type ParameterLists, type Scope } from './parameterRows';

interface RowProps {
  parameter: Parameter;
  path: string;
  errors: Record<string, string>;
  editable: boolean;
  onChange: (change: Partial<Parameter>) => void;
}

/** One parameter: its name and type, its value, its default and 'Usar padrão' (which sets the value aside). */
function ParameterRow({ parameter, path, errors, editable, onChange }: RowProps) {
  const id = `parameter-${path.replace('.', '-')}`;
  return (
    <Box
      role="group"
      aria-label={parameter.label}
      sx={{ display: 'grid', gap: 2, alignItems: 'start', py: 1.5, borderTop: '1px solid rgba(0,0,0,.12)', gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, 1.2fr) minmax(200px, 1.5fr) minmax(120px, 1fr) auto' } }}
    >
      <Box>
        <Typography variant="body1">{parameter.label}</Typography>
        <Typography variant="caption" color="text.secondary">
          {parameter.name} · {TYPE_LABELS[parameter.type] ?? parameter.type}
        </Typography>
      </Box>
      <ParameterValueInput parameter={parameter} id={id} error={errors[`${path}.value`]} disabled={!editable || parameter.useDefault} onChange={(value) => onChange({ value })} />
      <Typography variant="body2" sx={{ pt: { sm: 1 } }}>
        Padrão: {valueText(parameter.type, parameter.defaultValue)}
      </Typography>
      <FormControlLabel
        control={<Switch color="secondary" checked={parameter.useDefault} disabled={!editable} onChange={(event) => onChange({ useDefault: event.target.checked })} />}
        label="Usar padrão"
      />
    </Box>
  );
}

/**
 * The parameters form (`/parametros`): the front list (sent to the browser with the initial load: the
 * theme colour, the system name) and the back list (read by the server only). Saving applies the front
 * ones at once: the top bar and this screen take the new colour without a reload.
 */
export default function ParametersPage() {
  const notify = useNotify();
  const { permissions } = usePermissions<string[]>();
  const editable = (permissions ?? []).some((name) => name === 'parameter.update' || name === 'admin');
  const [lists, setLists] = useState<ParameterLists | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    http<{ data: ParameterLists }>({ path: '/api/parametros' })
      .then(({ json }) => setLists(json.data))
      .catch((error) => notify(failureOf(error).message, { type: 'error' }));
  }, [notify]);

  if (!lists) return <Loading />;

  const change = (scope: Scope, index: number, patch: Partial<Parameter>) =>
    setLists((current) => current && { ...current, [scope]: current[scope].map((item, i) => (i === index ? { ...item, ...patch } : item)) });

  const save = async () => {
    setSaving(true);
    try {
      const { json } = await http<{ data: ParameterLists; message: string }>({ method: 'PUT', path: '/api/parametros', body: saveBody(lists) });
      setLists(json.data);
      setErrors({});
      applyFrontParameters(json.data.front);
      notify(json.message, { type: 'success' });
    } catch (error) {
      const failure = failureOf(error);
      setErrors(fieldMessages(failure.fields));
      notify(failure.message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <MaterialFrame>
      <PageTitle title="Parâmetros" />
      <Box component="form" noValidate onSubmit={(event) => { event.preventDefault(); void save(); }} sx={{ display: 'grid', gap: 2, mt: 2 }}>
        {(['front', 'back'] as const).map((scope) => (
          <Card key={scope} component="section" aria-labelledby={`scope-${scope}`}>
            <CardContent>
              <Typography id={`scope-${scope}`} variant="h6" component="h2" gutterBottom>
                {SCOPE_LABELS[scope]}
              </Typography>
              {lists[scope].length === 0 && <Typography color="text.secondary">Nenhum parâmetro.</Typography>}
              {lists[scope].map((parameter, index) => (
                <ParameterRow key={parameter.name} parameter={parameter} path={`${scope}.${index}`} errors={errors} editable={editable} onChange={(patch) => change(scope, index, patch)} />
              ))}
            </CardContent>
          </Card>
        ))}
        {editable && (
          <Box>
            <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving}>
              Salvar
            </Button>
          </Box>
        )}
      </Box>
    </MaterialFrame>
  );
}
