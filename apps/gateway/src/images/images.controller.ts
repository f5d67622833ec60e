import { Controller, Get, Inject, Logger, Param, Query, Res } from '@nestjs/common';
import { forbidden, notFound } from '@wrenchlog/platform';
import { OBJECT_STORAGE, ObjectNotFoundError, type ObjectStorage } from '@wrenchlog/storage';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators.js';
import { USER_FILE_CSP } from '../http/security-headers.js';
import { ImageUrlSigner } from './url-signer.js';

const SERVED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Image bytes for signed URLs: no token needed, the signature and expiry are the credential. */
@Controller('images')
export class ImagesController {
  private readonly logger = new Logger('ImagesController');

  constructor(
    private readonly signer: ImageUrlSigner,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Public()
  @Get(':dir/:file')
  async image(
    @Param('dir') dir: string,
    @Param('file') file: string,
    @Query('exp') exp: unknown,
    @Query('sig') sig: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const key = `${dir}/${file}`;
    const verdict = this.signer.verify(key, exp, sig);
    if (verdict !== 'ok') {
      throw forbidden(verdict === 'expired' ? 'This image link has expired. Reload the page to get a new one.' : 'This image link is not valid.');
    }
    let object;
    try {
      object = await this.storage.get(key);
    } catch (err) {
      if (err instanceof ObjectNotFoundError) {
        throw notFound('Image not found');
      }
      throw err;
    }
    // A read error mid-stream ends this response only; it must never become an unhandled 'error'.
    object.stream.once('error', (err: Error) => this.logger.warn(`reading ${key} failed: ${err.message}`));
    const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    // Never rendered as a page: a fixed image type, no sniffing, and a sandbox if opened directly.
    void reply
      .header('content-type', SERVED_TYPES.has(object.contentType) ? object.contentType : 'application/octet-stream')
      .header('content-length', String(object.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', USER_FILE_CSP)
      .header('content-disposition', 'inline')
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', `private, max-age=${maxAge}`)
      .send(object.stream);
  }
}
