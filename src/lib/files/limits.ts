// Upload limits the UI states and checks before sending a file; openapi.yaml
// states the same limits on the upload fields (x-max-bytes), which the server
// enforces. limits.test.ts holds the two equal.
const MB = 1024 * 1024;

/** Each product or installation image. */
export const MAX_IMAGE_BYTES = 5 * MB;
/** A product CSV import. */
export const MAX_CSV_BYTES = 2 * MB;

/** "5 MB" for the texts that state a limit. */
export const formatLimit = (bytes: number) => `${bytes / MB} MB`;

export const isImageFile = (file: File) => file.type.startsWith('image/');
export const isWithin = (file: File, maxBytes: number) => file.size <= maxBytes;
