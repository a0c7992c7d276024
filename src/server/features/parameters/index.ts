export { frontParameters, integerParameter, listParameters, parameterValue, updateParameters, type Parameter } from './store.js';
export { parameterRoutes } from './routes.js';
