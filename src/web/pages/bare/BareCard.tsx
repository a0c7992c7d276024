import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { storedSystemName } from '../../layout/pageTitle';
import { BRAND } from '../../brand';

const bareTheme = createTheme({ palette: { primary: { main: BRAND.primary, contrastText: '#fff' } } });

/** The frame of the bare pages (login, password recovery): one centred card holding a form, no menu. */
export function BareCard({ label, onSubmit, children }: { label: string; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <ThemeProvider theme={bareTheme}>
      <CssBaseline />
      <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 400 }}>
          <CardContent component="form" onSubmit={onSubmit} noValidate aria-label={label} sx={{ display: 'grid', gap: 2, p: 4 }}>
            <Typography variant="h5" component="h1" textAlign="center">
              {storedSystemName()}
            </Typography>
            {children}
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}
