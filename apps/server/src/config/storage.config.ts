import { z } from 'zod';
import { booleanFlag, integer, optionalString, optionalUrl } from './env-values';

/** Where files live: local disk under DATA_DIR/files (default) or any S3-compatible store. */
export const storageConfig = z
  .object({
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: optionalString(),
    S3_REGION: optionalString().transform((value) => value ?? 'us-east-1'),
    S3_ENDPOINT: optionalUrl(),
    S3_ACCESS_KEY_ID: optionalString(),
    S3_SECRET_ACCESS_KEY: optionalString(),
    S3_FORCE_PATH_STYLE: booleanFlag(false),
    // Direct-upload grants a user may hold unclaimed at once, and the megabytes they may declare.
    UPLOAD_GRANTS_PER_USER: integer(3, 1, 1000),
    UPLOAD_GRANT_MB_PER_USER: integer(300, 1, 1_000_000),
    // Hours the original of a book whose translations all failed is kept for a retry (decision 215).
    FAILED_ORIGINAL_RETENTION_HOURS: integer(72, 1, 24 * 365),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
  })
  .transform((env) => ({
    driver: env.STORAGE,
    s3: {
      bucket: env.S3_BUCKET ?? '',
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    },
    uploadGrants: {
      perUser: env.UPLOAD_GRANTS_PER_USER,
      bytesPerUser: env.UPLOAD_GRANT_MB_PER_USER * 1024 * 1024,
    },
    failedOriginalRetentionHours: env.FAILED_ORIGINAL_RETENTION_HOURS,
  }));
