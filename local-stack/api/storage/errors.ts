// Supabase Storage's error shape: HTTP 400 for every client error, the real status in the body's statusCode.

export class StorageError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
  ) {
    super(message);
  }

  /** Storage answers 400 for any non-500 error and carries the meaningful status as a string in the body. */
  render(): { status: number; body: { statusCode: string; code: string; error: string; message: string } } {
    return {
      status: this.httpStatus >= 500 ? 500 : 400,
      body: { statusCode: String(this.httpStatus), code: this.code, error: this.error, message: this.message },
    };
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  notFound: () => new StorageError(404, 'NotFound', 'Route not found', 'Not Found'),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error'),
};
