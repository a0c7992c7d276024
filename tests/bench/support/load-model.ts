// Baseline of the generator figure: only load, check and normalise every schema.
import { loadModel } from '../../../language/index.js';

const model = loadModel(process.cwd());
if (model.entities.length === 0) process.exit(1);
