export { frontParameters, integerParameter, listParameters, parameterValue, updateParameters } from './store.js';
export { parameterRoutes } from './routes.js';
