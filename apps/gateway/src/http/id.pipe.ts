import { Injectable, type PipeTransform } from '@nestjs/common';
import { validationFailed } from '@wrenchlog/platform';

const MAX_ID = 2_147_483_647;

/**
 * A path id: a whole number from 1 to 2^31 - 1 (ids are positive integers), else 400 with the
 * message of the call, e.g. the spec's 'Invalid service record ID'.
 */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  constructor(
    private readonly message: string = 'The id in the path must be a whole number above 0',
    private readonly field: string = 'id',
  ) {}

  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_ID) {
      throw validationFailed(this.message, [{ field: this.field, message: this.message }]);
    }
    return id;
  }
}

/** The pipe for a plain `id` path parameter: `@Param('id', ID) id: number`. */
export const ID = new IdPipe();
