/** The profile image rules: JPEG or PNG only, exactly 300×300 pixels (checked before sending). */
export const IMAGE_SIZE = 300;
const TYPES = ['image/jpeg', 'image/png'];
const EXTENSIONS = /\.(jpe?g|png)$/i;

export const IMAGE_TYPE_MESSAGE = 'A imagem deve ser do tipo jpeg, jpg ou png.';
export const imageSizeMessage = (width: number, height: number) =>
  `A imagem deve ter ${IMAGE_SIZE}×${IMAGE_SIZE} pixels (a escolhida tem ${width}×${height}).`;

/** The message for a file of the wrong type, or undefined. */
export function imageTypeProblem(file: { name: string; type: string }): string | undefined {
  return TYPES.includes(file.type) && EXTENSIONS.test(file.name) ? undefined : IMAGE_TYPE_MESSAGE;
}

/** The message for an image of the wrong size, or undefined. */
export function imageSizeProblem(width: number, height: number): string | undefined {
  return width === IMAGE_SIZE && height === IMAGE_SIZE ? undefined : imageSizeMessage(width, height);
}

/** A neutral silhouette shown when the person has no image. */
export const DEFAULT_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300"><rect width="300" height="300" fill="#e0e0e0"/><circle cx="150" cy="115" r="60" fill="#9e9e9e"/><path d="M40 300c0-70 50-110 110-110s110 40 110 110z" fill="#9e9e9e"/></svg>',
  );
