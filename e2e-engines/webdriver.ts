/**
 * The few W3C WebDriver (classic) commands the WebKit journeys use, over HTTP as the standard
 * defines them (https://www.w3.org/TR/webdriver2/). WebKitGTK's driver speaks nothing else (no
 * BiDi), and what a client library would add on top is a dozen fetch calls.
 */

const COMMAND_TIMEOUT_MS = 30_000;
/** A new session starts a browser: seconds, even on a busy machine. */
const NEW_SESSION_TIMEOUT_MS = 30_000;

/** The key under which WebDriver names an element in JSON. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** WebDriver's code points for the keys the journeys press. */
export const keyCodes = { Enter: '\uE007', Escape: '\uE00C', Space: '\uE00D', Tab: '\uE004' } as const;

type ElementReference = { [ELEMENT]: string };

export type PointerAction =
  | { type: 'pointerMove'; x: number; y: number; origin: 'viewport' }
  | { type: 'pointerDown' | 'pointerUp'; button: number };

async function command<Result>(
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: unknown,
  timeoutMs = COMMAND_TIMEOUT_MS,
): Promise<Result> {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    // A command that never returns would otherwise only end with the test's timeout, naming nothing.
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((error: Error) => {
    throw new Error(`WebDriver ${method} ${new URL(url).pathname}: ${error.message}`);
  });
  const { value } = (await response.json()) as { value: Result & { error?: string; message?: string } };
  if (!response.ok) throw new Error(`WebDriver ${method} ${new URL(url).pathname}: ${value.error}: ${value.message}`);
  return value;
}

/** Whether a driver answers at `driverUrl` and can start a session. */
export async function isReady(driverUrl: string) {
  try {
    return (await command<{ ready: boolean }>(`${driverUrl}/status`, 'GET')).ready;
  } catch {
    return false;
  }
}

export async function newSession(driverUrl: string, capabilities: Record<string, unknown>) {
  const created = await command<{ sessionId: string; capabilities: { browserVersion: string } }>(
    `${driverUrl}/session`,
    'POST',
    { capabilities: { alwaysMatch: capabilities } },
    NEW_SESSION_TIMEOUT_MS,
  );
  const session = `${driverUrl}/session/${created.sessionId}`;
  const call = <Result = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    command<Result>(`${session}${path}`, method, body);

  return {
    browserVersion: created.capabilities.browserVersion,
    navigate: (url: string) => call('POST', '/url', { url }),
    currentUrl: () => call<string>('GET', '/url'),
    /** Runs `script` as a function body; it returns by calling its last argument. */
    executeAsync: <Result>(script: string, args: unknown[]) => call<Result>('POST', '/execute/async', { script, args }),
    setWindowRect: (width: number, height: number) => call('POST', '/window/rect', { width, height }),
    findElement: async (selector: string) =>
      call<ElementReference>('POST', '/element', { using: 'css selector', value: selector }),
    sendKeys: (element: ElementReference, text: string) => call('POST', `/element/${element[ELEMENT]}/value`, { text }),
    pointer: (actions: PointerAction[]) =>
      call('POST', '/actions', {
        actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
      }),
    keys: (value: string) =>
      call('POST', '/actions', {
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value },
              { type: 'keyUp', value },
            ],
          },
        ],
      }),
    screenshot: () => call<string>('GET', '/screenshot'),
    close: () => call('DELETE', ''),
  };
}

export type WebDriverSession = Awaited<ReturnType<typeof newSession>>;
