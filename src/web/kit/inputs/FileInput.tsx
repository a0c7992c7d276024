import { useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useInput, useRecordContext, useResourceContext, type Validator } from 'react-admin';
import { fileSizeText, isStoredFile, saveBlob, useFileTransfers, type StoredFile } from '../files';
import type { FieldSpec } from '../types';

interface Props {
  spec: FieldSpec;
  label: string;
  validate?: Validator[];
}

const extensionOf = (name: string) => {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return ext === 'jpeg' ? 'jpg' : ext;
};

/**
 * A file field: the current file's name (a download link once the record holds it), 'Escolher
 * arquivo' or 'Substituir', and 'Remover'. A chosen file is sent at once (`POST
 * /api/{module}/files/{field}`); the record's save then carries it. The server checks the content;
 * the name's extension and the size are checked here first so a person learns without waiting.
 */
export function FileInput({ spec, label, validate }: Props) {
  const { field, fieldState, id } = useInput({ source: spec.source, validate });
  const module = useResourceContext() ?? '';
  const record = useRecordContext();
  const transfers = useFileTransfers();
  const picker = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const limits = spec.file ?? { maxSize: Number.MAX_SAFE_INTEGER, accept: [], image: false };
  const value = isStoredFile(field.value) ? field.value : null;
  const saved = record && isStoredFile(record[spec.source]) && value?.id === record[spec.source].id;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !transfers.uploadFile) return;
    if (file.size > limits.maxSize) return setProblem(`O arquivo excede o tamanho máximo de ${fileSizeText(limits.maxSize)}.`);
    if (file.size === 0) return setProblem('O arquivo enviado está vazio.');
    if (limits.accept.length && !limits.accept.includes(extensionOf(file.name) ?? '')) {
      return setProblem(`O arquivo enviado não é do tipo permitido: ${limits.accept.join(', ')}.`);
    }
    setSending(true);
    try {
      const stored: StoredFile = await transfers.uploadFile(module, spec.source, file);
      setProblem(undefined);
      field.onChange(stored);
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, string> } }).body;
      setProblem(body?.errors?.[spec.source] ?? (error as Error).message);
    } finally {
      setSending(false);
    }
  };
  const message = problem ?? (fieldState.invalid ? fieldState.error?.message : undefined);
  return (
    <Box sx={{ my: 1 }} role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        {value ? (
          saved && record ? <DownloadLink module={module} recordId={record.id} source={spec.source} file={value} /> : <Typography variant="body2">{value.name}</Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Nenhum arquivo
          </Typography>
        )}
        {value && <Typography variant="caption" color="text.secondary">({fileSizeText(value.size)})</Typography>}
        <Button size="small" variant="outlined" component="label" disabled={sending}>
          {sending ? 'Enviando…' : value ? 'Substituir' : 'Escolher arquivo'}
          <input
            ref={picker}
            id={id}
            hidden
            type="file"
            aria-label={label}
            accept={limits.accept.map((ext) => `.${ext}${ext === 'jpg' ? ',.jpeg' : ''}`).join(',')}
            onChange={choose}
          />
        </Button>
        {value && (
          <Button size="small" color="error" onClick={() => field.onChange(null)} disabled={sending}>
            Remover
          </Button>
        )}
      </Box>
      <FormHelperText error={Boolean(message)}>
        {message ?? `Tipos aceitos: ${limits.accept.join(', ')}; até ${fileSizeText(limits.maxSize)}.`}
      </FormHelperText>
    </Box>
  );
}

/** The record's file, downloaded with the session's credentials and saved under its own name. */
export function DownloadLink({ module, recordId, source, file }: { module: string; recordId: string | number; source: string; file: StoredFile }) {
  const transfers = useFileTransfers();
  const [problem, setProblem] = useState<string>();
  const download = async () => {
    if (!transfers.downloadFile) return;
    try {
      saveBlob(await transfers.downloadFile(module, recordId, source), file.name);
      setProblem(undefined);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <>
      <Button size="small" variant="text" onClick={download} sx={{ textTransform: 'none' }} title={`Baixar ${file.name}`}>
        {file.name}
      </Button>
      {problem && <FormHelperText error>{problem}</FormHelperText>}
    </>
  );
}
