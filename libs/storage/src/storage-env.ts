import { IsOptional, IsString, IsUrl } from 'class-validator';
import { PlatformEnv } from '@wrenchlog/platform';

/**
 * Where objects live: S3_ENDPOINT set means an S3/MinIO bucket, else the folder DATA_DIR/objects.
 * Services that store objects extend this instead of PlatformEnv.
 */
export class StorageEnv extends PlatformEnv {
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'must be an http(s):// URL' })
  S3_ENDPOINT?: string;
  @IsOptional() @IsString() S3_ACCESS_KEY?: string;
  @IsOptional() @IsString() S3_SECRET_KEY?: string;
  @IsString() S3_BUCKET: string = 'wrenchlog';
  @IsOptional() @IsString() S3_REGION?: string;
}
