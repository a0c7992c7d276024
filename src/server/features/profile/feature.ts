import { defineFeature } from '../../core/feature.js';
import { profileImageRule } from './image.js';
import { profileRoutes } from './routes.js';

/** The signed-in user's own profile (`/api/perfil`); the image an administrator gives a user follows its rule. */
export const profileFeature = defineFeature({ name: 'profile' }, async (app) => {
  app.resources.hooks('usuarios', profileImageRule);
  await app.register(profileRoutes);
});
