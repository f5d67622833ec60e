import { applyDecorators, type CallHandler, type ExecutionContext, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { parseId, roleMay, type FieldError, type RpcMessage } from '@wrenchlog/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { Observable } from 'rxjs';
import { validationFailed, type DomainError } from '../errors/domain-error.js';
import { cacheRuleLookups } from './rule-lookup-cache.js';

// One validation per rule (issue 19): a DTO in libs/contracts holds a call's bounds and messages;
// the gateway checks it on the way in and a service checks the same DTO on receipt (a message can
// come from elsewhere than the gateway), both through the functions below, so the two answer alike.

// Which broken rule a field reports first: missing before wrong type before out of range, so an
// empty field says 'Name is required' whatever order its decorators were written in.
function priority(rule: string): number {
  if (rule === 'isDefined' || rule === 'isNotEmpty' || rule === 'isNotBlank') {
    return 0;
  }
  return rule.startsWith('is') ? 1 : 2;
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.entries(e.constraints ?? {})
      .sort(([a], [b]) => priority(a) - priority(b))
      .map(([, message]) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** The 400 for class-validator's errors: one message per field (the first rule it broke), in field order, joined by '; '. */
export function inputError(errors: ValidationError[]): DomainError {
  const firstPerField = new Map<string, FieldError>();
  for (const f of flatten(errors)) {
    if (!firstPerField.has(f.field)) {
      firstPerField.set(f.field, f);
    }
  }
  const fields = [...firstPerField.values()];
  return validationFailed(fields.map((f) => f.message).join('; ') || 'Invalid request', fields);
}

/** What the gateway's ValidationPipe and `validInput` both do: strip unknown fields, convert nothing implicitly. */
export const INPUT_VALIDATION = {
  whitelist: true,
  forbidNonWhitelisted: false,
  validationError: { target: false, value: false },
} as const;

export const INPUT_TRANSFORM = { enableImplicitConversion: false } as const;

// Every check of the product goes through the two settings above, so this is where the process's
// rule lookups start being kept (the gateway's pipe and every service import this module).
cacheRuleLookups();

const NOT_AN_OBJECT = 'The body must be a JSON object';

/**
 * `value` as an instance of `dto` once it passes the DTO's rules (its own conversions applied,
 * unknown fields stripped), else the 400 the gateway would answer. A value that is not an object
 * answers `notAnObject`.
 */
export function validInput<T extends object>(dto: new () => T, value: unknown, notAnObject: string = NOT_AN_OBJECT): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw validationFailed(notAnObject, [{ field: 'body', message: notAnObject }]);
  }
  const input = plainToInstance(dto, value, INPUT_TRANSFORM);
  const errors = validateSync(input, INPUT_VALIDATION);
  if (errors.length > 0) {
    throw inputError(errors);
  }
  return input;
}

/** Where a handler's DTO sits in its payload, and the message for a value that is not an object. */
export interface ValidInputOptions {
  /** The payload's field that holds the DTO (`record` of `{id, record}`); the whole payload when left out. */
  at?: string;
  /** The message when that value is not an object (the spec's message of the call where it has one). */
  notAnObject?: string;
  /**
   * Payload fields the gateway sends beside the DTO's own (`id`, `publicUrl`), kept as they came
   * instead of stripped; the handler checks them itself (ids through `requireId`).
   */
  besides?: readonly string[];
  /**
   * The DTO for a caller whose role may not see money (issue 32: an operator): the same form
   * without its money fields, which they never received; the handler keeps the stored values.
   */
  withoutMoney?: new () => object;
}

function kept(payload: unknown, fields: readonly string[]): Record<string, unknown> {
  const from = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => f in from).map((f) => [f, from[f]]));
}

class ValidInputInterceptor implements NestInterceptor {
  constructor(
    private readonly dto: new () => object,
    private readonly options: ValidInputOptions,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const message = ctx.switchToRpc().getData<RpcMessage<unknown> | undefined>();
    if (message) {
      // The handler's @Payload() is this same object, so it receives the checked, converted input.
      const { at, notAnObject, besides, withoutMoney } = this.options;
      const role = message.actor?.role;
      const dto = withoutMoney && role && !roleMay(role, 'money.read') ? withoutMoney : this.dto;
      if (at === undefined) {
        const input = validInput(dto, message.payload, notAnObject);
        message.payload = besides ? Object.assign(input, kept(message.payload, besides)) : input;
      } else {
        const payload = (typeof message.payload === 'object' && message.payload !== null ? message.payload : {}) as Record<string, unknown>;
        message.payload = { ...payload, [at]: validInput(dto, payload[at], notAnObject) };
      }
    }
    return next.handle();
  }
}

/**
 * A message handler's payload checked against its contract's DTO before the handler runs:
 * `@ValidInput(CreateMachineRequest) @MessagePattern(MACHINE_CREATE)`, or for a DTO inside the
 * payload `@ValidInput(FuelRecordInput, { at: 'record' })`, or beside fields the gateway adds
 * `@ValidInput(AdminUserUpdateBody, { besides: ['id', 'publicUrl'] })`. A payload that breaks it is refused
 * with the gateway's 400 (same messages); the handler receives the DTO instance.
 */
export const ValidInput = (dto: new () => object, options: ValidInputOptions = {}) => applyDecorators(UseInterceptors(new ValidInputInterceptor(dto, options)));

/**
 * An id from a path, query or payload: `parseId` from contracts (1 to 2^31 - 1, plain decimal
 * digits), else 400 with the call's message (the spec's 'Invalid service record ID' and the like).
 * The gateway's IdPipe and the services' handlers both read ids through it.
 */
export function requireId(value: unknown, message: string, field = 'id'): number {
  const id = parseId(value);
  if (id === undefined) {
    throw validationFailed(message, [{ field, message }]);
  }
  return id;
}
