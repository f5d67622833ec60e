import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { Public } from '../auth/auth.decorators.js';
import { GatewayInfo } from './gateway-info.js';

// The spec's test calls: a greeting and a post without a token, a post that needs one, and the build hash.
@Controller('root')
export class RootController {
  constructor(private readonly info: GatewayInfo) {}

  @Public()
  @Get('githash')
  githash(): { value: string } {
    return { value: this.info.gitHash };
  }

  @Public()
  @Get('greeting')
  @Header('content-type', 'text/plain; charset=utf-8')
  greeting(): string {
    return 'Hello from Wrenchlog';
  }

  @Public()
  @Post('unsecuredpost')
  @HttpCode(200)
  @Header('content-type', 'text/plain; charset=utf-8')
  unsecuredPost(@Body() body: unknown): string {
    return `Received ${describeBody(body)} without authentication`;
  }

  @Post('securepost')
  @HttpCode(200)
  @Header('content-type', 'text/plain; charset=utf-8')
  securePost(@Body() body: unknown): string {
    return `Received ${describeBody(body)} with authentication`;
  }
}

function describeBody(body: unknown): string {
  const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  return `${text.length} characters`;
}
