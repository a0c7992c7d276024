import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useFormState } from 'react-hook-form';
import { KindInput } from './KindInput';
import type { FieldSpec, FormSectionSpec, FormTab } from './types';

interface Props {
  sections: FormSectionSpec[];
  /** The form's field specs by source (`inputs(mode)` of the generated `form.ts`). */
  inputs: Record<string, FieldSpec>;
  /** The screen's own tabs, after the schema's. */
  tabs?: FormTab[];
}

/** 'Existe erro na aba Dados' for one tab, 'Existem erros nas seguintes abas: Dados, Endereços' for several. */
export function tabErrorsMessage(labels: string[]): string | null {
  if (labels.length === 0) return null;
  return labels.length === 1 ? `Existe erro na aba ${labels[0]}` : `Existem erros nas seguintes abas: ${labels.join(', ')}`;
}

/**
 * A record form in tabs, the first open. Every tab's inputs stay mounted (a closed tab is only
 * hidden), so the browser's checks and the server's 422 reach a field the person cannot see; after a
 * failed save each tab holding an error is marked and a message names them. A screen's own tab (not
 * fields) is drawn when first opened, so what it reads is read only for whoever looks, and stays then.
 */
export function FormSections({ sections, inputs, tabs = [] }: Props) {
  const [open, setOpen] = useState(0);
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const choose = (index: number) => {
    setOpen(index);
    const own = tabs[index - sections.length];
    if (own && !seen.has(own.name)) setSeen(new Set([...seen, own.name]));
  };
  const { errors, submitCount } = useFormState();
  const failing = submitCount > 0 ? sections.filter((section) => section.fields.some((source) => errors[source])) : [];
  const message = tabErrorsMessage(failing.map((section) => section.label));
  return (
    <Box sx={{ width: '100%' }}>
      {message && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {message}
        </Alert>
      )}
      <Tabs
        value={open}
        onChange={(_, index: number) => choose(index)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Abas do formulário"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {sections.map((section, index) => {
          const hasError = failing.includes(section);
          return (
            <Tab
              key={section.name}
              id={`aba-${section.name}`}
              aria-controls={`painel-${section.name}`}
              value={index}
              label={section.label}
              data-error={hasError ? 'true' : undefined}
              icon={hasError ? <ErrorOutlineIcon fontSize="small" titleAccess="Com erro" /> : undefined}
              iconPosition="end"
              sx={hasError ? { color: 'error.main', '&.Mui-selected': { color: 'error.main' } } : undefined}
            />
          );
        })}
        {tabs.map((tab, index) => (
          <Tab key={tab.name} id={`aba-${tab.name}`} aria-controls={`painel-${tab.name}`} value={sections.length + index} label={tab.label} />
        ))}
      </Tabs>
      {sections.map((section, index) => (
        <Box key={section.name} role="tabpanel" id={`painel-${section.name}`} aria-labelledby={`aba-${section.name}`} hidden={open !== index}>
          {/* One field under another, as SimpleForm lays out a form without tabs (a field viewed is an
              inline box: in a plain block the fields of a tab would run together on one line). The
              Stack sits inside the panel, whose `hidden` a Stack's own display would override. */}
          <Stack sx={{ alignItems: 'flex-start' }}>
            {section.fields
              .filter((source) => inputs[source])
              .map((source) => (
                <KindInput key={source} {...inputs[source]} />
              ))}
          </Stack>
        </Box>
      ))}
      {tabs.map((tab, index) => (
        <Box key={tab.name} role="tabpanel" id={`painel-${tab.name}`} aria-labelledby={`aba-${tab.name}`} hidden={open !== sections.length + index}>
          {seen.has(tab.name) && tab.content}
        </Box>
      ))}
    </Box>
  );
}
