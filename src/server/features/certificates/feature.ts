import { defineFeature } from '../../core/feature.js';
import { verificationRoutes } from './public-routes.js';
import { certificateRoutes } from './routes.js';

/**
 * Certificates of a registration (docs/CERTIFICATES.md): issued from a template as a PDF with the
 * institution's header, a unique code and a QR code; revoked with a reason; both audited; verified
 * by anyone at `/verificar/{code}`.
 */
export const certificatesFeature = defineFeature({
  name: 'certificates',
  migrations: [new URL('migrations', import.meta.url)],
  platformMigrations: [new URL('platform-migrations', import.meta.url)],
}, async (app, { model, config }) => {
  if (!model.byModule.has('modelo_certidao') || !model.byModule.has('inscricao')) return;
  await app.register(certificateRoutes, { model, publicBaseUrl: config.publicBaseUrl });
  await app.register(verificationRoutes, { perMinute: config.verifyRateLimit });
});
