// The upload type message, without class-validator: the gateway answers it (see image.contract.ts),
// and the SPA shows it through `@wrenchlog/contracts/limits` before it uploads.

export const IMAGE_TYPE_MESSAGE = 'Invalid file type. Only JPEG, PNG and WebP are allowed.';
