export { findProfile, updateProfile } from './profile.js';
export { profileImageProblems } from './image.js';
export { profileRoutes } from './routes.js';
