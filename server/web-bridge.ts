/**
 * What the host process hands the web app (app/lib/*.server.ts): the API to call
 * without a network hop. Kept on a global symbol because the web app's server
 * bundle and this process load separate copies of every module.
 */
type InProcessApi = (request: Request, env: { clientIp?: string }) => Response | Promise<Response>

const REGISTRY = Symbol.for('b2b.api.inProcess')
type Registry = { [REGISTRY]?: InProcessApi }

export function registerInProcessApi(api: InProcessApi) {
  ;(globalThis as Registry)[REGISTRY] = api
}

export function inProcessApi(): InProcessApi | undefined {
  return (globalThis as Registry)[REGISTRY]
}

/** Set by server/index.ts from the socket, overwriting anything the browser sent. */
export const CLIENT_IP_HEADER = 'x-b2b-client-ip'
