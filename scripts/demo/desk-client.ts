/** A small client of the desk API (desk-api.md) for the CLI scripts: JSON in, JSON out. */
export interface DeskErrorBody {
  readonly error?: { readonly code?: string; readonly message?: string; readonly field?: string };
}

export class DeskRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    const error = (body as DeskErrorBody | undefined)?.error;
    super(
      `${what}: HTTP ${status}${error?.code ? ` ${error.code}` : ''}${error?.message ? ` (${error.message})` : ''}`,
    );
    this.name = 'DeskRequestError';
  }
}

export interface Page<T> {
  readonly items: T[];
  readonly nextCursor?: string | null;
}

export class DeskClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new DeskRequestError(response.status, parsed, `${method} ${path}`);
    return parsed as T;
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('POST', path, body);
  }

  /** Every page of a list. */
  async all<T>(path: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null | undefined;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const page = await this.get<Page<T>>(
        cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path,
      );
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }
}

/** Waits until `url` answers 2XX, or fails naming it. */
export async function waitUntilHealthy(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer healthy within ${timeoutMs / 1000} s (is npm start running?)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
