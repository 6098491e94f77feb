import { INestApplication } from '@nestjs/common';
import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';
import { listeningPort } from '@oms/platform/nest';
import { loadOmsConfig } from '../../apps/oms/src/config/oms.config';
import { startOms } from '../../apps/oms/src/main';
import { OrderResponse } from '../../apps/oms/src/desk/orders/order.response';
import { LocalStack, startLocalStack } from '../../scripts/local-stack';
import { freePortStackEnvironment } from '../../scripts/stack/free-port-stack-environment';
import { OmsProcess, startOmsProcess } from './oms-process';

/** A JSON answer of the desk API; specs read many shapes from it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of several shapes, read field by field
export type DeskJson = any;

/** Settings that keep the command specs short: a small resolution window and client timeout. */
export const COMMAND_SPEC_SETTINGS = {
  OMS_VENUE_TIMEOUT_MS: '1500',
  OMS_RESOLUTION_WINDOW_MS: '2000',
};

export interface CommandStack {
  readonly stack: LocalStack;
  readonly database: TestDatabase;
  readonly omsUrl: string;
  readonly controlUrl: string;
  /** A desk call with the stack's admin token. */
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    baseUrl?: string,
  ): Promise<{ status: number; body: DeskJson }>;
  /** Arms a venue fault (apps/venue README, "Faults"). */
  fault(kind: 'http' | 'rate-limit', body: Record<string, unknown>): Promise<void>;
  clearFaults(): Promise<void>;
  /** Polls GET /v1/orders/{id} until `done` holds (or fails after `timeoutMs`). */
  orderUntil(id: string, done: (order: OrderResponse) => boolean, timeoutMs?: number): Promise<OrderResponse>;
  /** Orders of the demo user at the venue (spot and futures, limit and stop). */
  venueOrders(): Promise<Array<{ clientOrderId: string; status: string; orderId: string }>>;
  /** A second OMS on the same database, broker and venue (as after a restart). */
  startAnotherOms(): Promise<{ app: INestApplication; url: string }>;
  /** The same, in a process of its own (a spec can kill it). */
  startOmsProcess(): Promise<OmsProcess>;
  stop(): Promise<void>;
}

export async function startCommandStack(extra: Record<string, string> = {}): Promise<CommandStack> {
  const database = await createTestDatabase({ migrate: false });
  const stack = await startLocalStack(
    freePortStackEnvironment(process.env, {
      DESK_REQUESTS_PER_MINUTE: '1000000',
      ...COMMAND_SPEC_SETTINGS,
      ...extra,
      DATABASE_URL: database.url,
    }),
  );
  const controlUrl = stack.venue!.controlUrl;
  const others: INestApplication[] = [];
  const processes: OmsProcess[] = [];

  const call: CommandStack['call'] = async (method, path, body, headers = {}, baseUrl = stack.omsUrl) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${stack.deskToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  };

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${controlUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return text === '' ? null : JSON.parse(text);
  };

  return {
    stack,
    database,
    omsUrl: stack.omsUrl,
    controlUrl,
    call,
    fault: async (kind, body) => {
      await control('POST', `/faults/${kind}`, body);
    },
    clearFaults: async () => {
      await control('DELETE', '/faults');
    },
    orderUntil: async (id, done, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      let last: OrderResponse | null = null;
      while (Date.now() < deadline) {
        const { status, body } = await call('GET', `/v1/orders/${id}`);
        if (status === 200) {
          last = body;
          if (done(body)) return body;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`order ${id} did not reach the expected state; last seen: ${JSON.stringify(last)}`);
    },
    venueOrders: async () => {
      const snapshot = await control('GET', '/snapshot');
      const demo = snapshot.users.find((user: DeskJson) => user.user.label === 'demo') ?? snapshot.users[0];
      return [...demo.spotOrders, ...demo.futuresOrders, ...demo.futuresStopOrders];
    },
    startAnotherOms: async () => {
      const app = await startOms(
        loadOmsConfig({
          ...stack.appEnvironment,
          OMS_HTTP_PORT: '0',
          OMS_HTTP_HOST: '127.0.0.1',
        }),
        { handleSignals: false },
      );
      others.push(app);
      return { app, url: `http://127.0.0.1:${listeningPort(app)}` };
    },
    startOmsProcess: async () => {
      const oms = await startOmsProcess(stack.appEnvironment);
      processes.push(oms);
      return oms;
    },
    stop: async () => {
      for (const oms of processes) await oms.kill();
      for (const app of others) await app.close().catch(() => undefined);
      await stack.stop();
      await database.drop();
    },
  };
}
