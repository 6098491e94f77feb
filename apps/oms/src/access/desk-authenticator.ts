import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DeskError, DeskErrorCode } from '../errors/desk-error';
import { DeskActor } from './desk-actor';
import { DeskTokenStore } from './desk-token.store';
import { RequestRateLimiter } from './request-rate-limiter';

export interface DeskAccessSettings {
  readonly adminToken: string | null;
  readonly requestsPerMinute: number;
}

export const DESK_ACCESS_SETTINGS = Symbol('DESK_ACCESS_SETTINGS');

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** An `Authorization` value as sent: the first of several. */
function firstValueOf(authorization: unknown): unknown {
  return Array.isArray(authorization) ? (authorization as unknown[])[0] : authorization;
}

/** The token of an `Authorization` value (`Bearer <token>`), or null. */
function bearerTokenOf(authorization: unknown): string | null {
  const value = firstValueOf(authorization);
  return typeof value === 'string' ? (BEARER.exec(value)?.[1] ?? null) : null;
}

/**
 * Turns an `Authorization` value into the desk actor (401 otherwise) and charges the
 * token's request allowance (429 with Retry-After past it). Every refusal is logged
 * with the token's name when known, never with the presented value.
 */
@Injectable()
export class DeskAuthenticator implements OnModuleInit {
  private readonly logger = new Logger('DeskAccess');
  private readonly limiter = new RequestRateLimiter();

  constructor(
    private readonly tokens: DeskTokenStore,
    @Inject(DESK_ACCESS_SETTINGS) private readonly settings: DeskAccessSettings,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.settings.adminToken !== null) await this.tokens.installAdmin(this.settings.adminToken);
  }

  /**
   * Whether an `Authorization` value still names a live token, without charging its
   * allowance: for connections that outlive a request (a subscription's socket).
   */
  async isActive(authorization: unknown): Promise<boolean> {
    const token = bearerTokenOf(authorization);
    return token !== null && (await this.tokens.findActive(token)) !== null;
  }

  async authenticate(authorization: unknown, target: string): Promise<DeskActor> {
    const token = bearerTokenOf(authorization);
    if (token === null) {
      this.deny(null, target, firstValueOf(authorization) === undefined ? 'no token' : 'not a bearer token');
      throw new DeskError(
        DeskErrorCode.UNAUTHORIZED,
        'a desk token is required: Authorization: Bearer <token>',
        {
          field: 'authorization',
        },
      );
    }
    const stored = await this.tokens.findActive(token);
    if (!stored) {
      this.deny(null, target, 'unknown or revoked token');
      throw new DeskError(DeskErrorCode.UNAUTHORIZED, 'the desk token is unknown or revoked', {
        field: 'authorization',
      });
    }
    const decision = this.limiter.take(
      stored.actor.tokenName,
      stored.requestsPerMinute ?? this.settings.requestsPerMinute,
    );
    if (!decision.allowed) {
      this.deny(stored.actor.tokenName, target, 'request limit reached');
      throw new DeskError(DeskErrorCode.RATE_LIMITED, 'this token has made too many requests; retry later', {
        rule: 'REQUESTS_PER_MINUTE',
        retryAfterSeconds: decision.retryAfterSeconds,
      });
    }
    return stored.actor;
  }

  /** Logs one refusal: which token (by name), what it asked for, and why. */
  deny(tokenName: string | null, target: string, reason: string): void {
    this.logger.warn({ tokenName, target, reason }, 'desk access denied');
  }
}
