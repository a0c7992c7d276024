export { SpaceDirectory, type Space } from './space-directory.js';
export { SpaceError, isSpaceName, SPACE_NAME_PATTERN, type SpaceErrorKind } from './space-name.js';
export {
  platformConfigFromEnv, platformTarget, spaceTarget, DEFAULT_SPACE_NAME,
  type PlatformConfig,
} from './config.js';
export { tenancyPlugin, createTenancyPlugin, registerTenancy, type TenancyOptions } from './tenancy-plugin.js';
