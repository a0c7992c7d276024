import { mergeConfig } from 'vitest/config';
import base from './vite.config.ts';
export default mergeConfig(base, { test: { execArgv: ['--cpu-prof', '--cpu-prof-dir=/work/prof/out'] } });
