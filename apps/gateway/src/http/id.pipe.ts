import { Injectable, type PipeTransform } from '@nestjs/common';
import { requireId } from '@wrenchlog/platform';

/**
 * A path id: `requireId` (plain decimal digits, 1 to 2^31 - 1, the services' parser too), else 400
 * with the message of the call, e.g. the spec's 'Invalid service record ID'.
 */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  constructor(
    private readonly message: string = 'The id in the path must be a whole number above 0',
    private readonly field: string = 'id',
  ) {}

  transform(value: string): number {
    return requireId(value, this.message, this.field);
  }
}

/** The pipe for a plain `id` path parameter: `@Param('id', ID) id: number`. */
export const ID = new IdPipe();
