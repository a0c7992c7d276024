import { imageSize } from 'image-size';
import { invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

export const IMAGE_SIZE = 300;
export const WRONG_SIZE = 'A imagem deve ter 300x300 pixels.';
export const WRONG_TYPE = 'A imagem deve ser JPEG ou PNG.';

const DATA_URL = /^data:image\/(jpeg|jpg|png);base64,([A-Za-z0-9+/=\s]+)$/i;

/**
 * What is wrong with a profile image given as a data URL (empty when it is fine): the declared
 * type and the bytes themselves must be JPEG or PNG, exactly 300×300 pixels.
 */
export function profileImageProblems(dataUrl: string): string[] {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return [WRONG_TYPE];
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(Buffer.from(match[2], 'base64'));
  } catch {
    return [WRONG_TYPE];
  }
  if (size.type !== 'jpg' && size.type !== 'png') return [WRONG_TYPE];
  if (size.width !== IMAGE_SIZE || size.height !== IMAGE_SIZE) return [WRONG_SIZE];
  return [];
}

/** usuarios: the image an administrator gives a user follows the profile's rule. */
export const profileImageRule: ModuleHooks = {
  beforeWrite(_trx, { body }) {
    if (typeof body.image_profile !== 'string' || body.image_profile === '') return;
    const problems = profileImageProblems(body.image_profile);
    if (problems.length) throw invalid({ image_profile: problems });
  },
};
